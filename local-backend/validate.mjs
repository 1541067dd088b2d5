// Argument validation with Convex's error wording (the messages of the
// backend's ValidationError). Ids are checked against their table through `tableOfId`.
import { convexToJson } from "convex/values";

const show = (value) => {
  try {
    return JSON.stringify(convexToJson(value));
  } catch {
    return String(value);
  }
};

function describeValidator(json) {
  switch (json.type) {
    case "id":
      return `v.id("${json.tableName}")`;
    case "number":
      return "v.float64()";
    case "bigint":
      return "v.int64()";
    case "literal":
      return `v.literal(${JSON.stringify(json.value)})`;
    case "array":
      return `v.array(${describeValidator(json.value)})`;
    case "record":
      return `v.record(${describeValidator(json.keys)}, ${describeValidator(json.values.fieldType)})`;
    case "union":
      return `v.union(${json.value.map(describeValidator).join(", ")})`;
    case "object":
      return `v.object({${Object.entries(json.value)
        .map(([k, f]) => `${k}: ${f.optional ? `v.optional(${describeValidator(f.fieldType)})` : describeValidator(f.fieldType)}`)
        .join(", ")}})`;
    default:
      return `v.${json.type}()`;
  }
}

// A literal is compared as Convex compares values; a string or boolean one (most: a union's tag
// field) needs no serialising to compare.
const isLiteral = (value, literal) => (typeof literal === "string" || typeof literal === "boolean" ? value === literal : show(value) === JSON.stringify(literal));
// An object validator's fields as entries, listed once per validator (each written document is
// checked against its table's).
const fieldLists = new WeakMap();
const fieldsOf = (json) => {
  let fields = fieldLists.get(json);
  if (fields === undefined) fieldLists.set(json, (fields = Object.entries(json.value)));
  return fields;
};
const isPlainObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof ArrayBuffer);
const pathText = (p) => (p.length ? `\nPath: ${p.join("")}` : "");

/**
 * Returns null when `value` matches the exported validator, else Convex's message.
 * @param {any} json the validator as `exportArgs()` / `export()` gives it
 * @param {any} value
 * @param {string[]} [p] the path to `value`, for the message
 * @param {(id: string) => string | null} [tableOfId]
 * @returns {string | null}
 */
export function checkValue(json, value, p = [], tableOfId = () => null) {
  return check(json, value, [...p], tableOfId);
}

/** `checkValue` with its path as a stack (a message is made as a mismatch is found, before the path pops). */
function check(json, value, p, tableOfId) {
  const noMatch = () => `Value does not match validator.${pathText(p)}\nValue: ${show(value)}\nValidator: ${describeValidator(json)}`;
  switch (json.type) {
    case "any":
      return null;
    case "null":
      return value === null ? null : noMatch();
    case "number":
      return typeof value === "number" ? null : noMatch();
    case "bigint":
      return typeof value === "bigint" ? null : noMatch();
    case "boolean":
      return typeof value === "boolean" ? null : noMatch();
    case "string":
      return typeof value === "string" ? null : noMatch();
    case "bytes":
      return value instanceof ArrayBuffer ? null : noMatch();
    case "literal":
      return isLiteral(value, json.value)
        ? null
        : `\`${show(value)}\` does not match literal validator \`v.literal(${JSON.stringify(json.value)})\`.${pathText(p)}`;
    case "id": {
      if (typeof value !== "string") return noMatch();
      const table = tableOfId(value);
      return table === json.tableName
        ? null
        : `Found ID "${value}" from table \`${table}\`, which does not match the table name in validator \`v.id("${json.tableName}")\`.${pathText(p)}`;
    }
    case "array":
      if (!Array.isArray(value)) return noMatch();
      for (let i = 0; i < value.length; i++) {
        p.push(`[${i}]`);
        const err = check(json.value, value[i], p, tableOfId);
        p.pop();
        if (err) return err;
      }
      return null;
    case "record":
      if (!isPlainObject(value)) return noMatch();
      for (const [k, v] of Object.entries(value)) {
        p.push(`.${k}`);
        const err = check(json.values.fieldType, v, p, tableOfId);
        p.pop();
        if (err) return err;
      }
      return null;
    case "union":
      return json.value.some((member) => matches(member, value, tableOfId)) ? null : noMatch();
    case "object": {
      if (!isPlainObject(value)) return noMatch();
      // Built only for a message: serialising every valid object made large writes slow.
      const objectText = () => `\nObject: ${show(value)}\nValidator: ${describeValidator(json)}`;
      for (const [k, field] of fieldsOf(json)) {
        if (value[k] === undefined) {
          if (!field.optional) {
            return `Object is missing the required field \`${k}\`. Consider wrapping the field validator in \`v.optional(...)\` if this is expected.${pathText(p)}${objectText()}`;
          }
          continue;
        }
        p.push(`.${k}`);
        const err = check(field.fieldType, value[k], p, tableOfId);
        p.pop();
        if (err) return err;
      }
      for (const k of Object.keys(value)) {
        if (!(k in json.value) && value[k] !== undefined) {
          return `Object contains extra field \`${k}\` that is not in the validator.${pathText(p)}${objectText()}`;
        }
      }
      return null;
    }
    default:
      return null;
  }
}

/**
 * Whether `value` matches, without building messages: a union tries its members
 * with this (a business asset's details fail three members before the fourth
 * matches), then describes the failure once if none matches.
 */
function matches(json, value, tableOfId) {
  switch (json.type) {
    case "any":
      return true;
    case "null":
      return value === null;
    case "number":
      return typeof value === "number";
    case "bigint":
      return typeof value === "bigint";
    case "boolean":
      return typeof value === "boolean";
    case "string":
      return typeof value === "string";
    case "bytes":
      return value instanceof ArrayBuffer;
    case "literal":
      return isLiteral(value, json.value);
    case "id":
      return typeof value === "string" && tableOfId(value) === json.tableName;
    case "array":
      return Array.isArray(value) && value.every((item) => matches(json.value, item, tableOfId));
    case "record":
      return isPlainObject(value) && Object.values(value).every((item) => matches(json.values.fieldType, item, tableOfId));
    case "union":
      return json.value.some((member) => matches(member, value, tableOfId));
    case "object": {
      if (!isPlainObject(value)) return false;
      for (const [k, field] of fieldsOf(json)) {
        if (value[k] === undefined ? !field.optional : !matches(field.fieldType, value[k], tableOfId)) return false;
      }
      return Object.keys(value).every((k) => k in json.value || value[k] === undefined);
    }
    default:
      return checkValue(json, value, [], tableOfId) === null;
  }
}
