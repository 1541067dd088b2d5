// Convex's rules for a schema, checked on the JSON the CLI pushes (the
// schema's own `export()`, which is Convex's client-side validation). The
// backend parses that JSON and refuses the push on the first broken rule; here
// every problem is listed. Rules, numbers and error codes come from
// get-convex/convex-backend (crates/..., read at 94a42c3, Aug 2026):
//   common/src/schemas/json.rs            table/index parsing, counts, name and field uniqueness
//   common/src/schemas/mod.rs             MAX_INDEXES_PER_TABLE, filter field caps, check_index_references
//   common/src/bootstrap_model/index/     mod.rs (field caps), database_index/indexed_fields.rs,
//                                         vector_index/dimensions.rs, index_validation_error.rs (codes)
//   application/src/lib.rs                _validate_user_defined_index_fields (appends _creationTime)
//   common/src/types/index.rs             reserved index names
//   convex/sync_types/src/identifier.rs   identifier syntax, 64 characters
import { rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { bundleSingleModule } from "../../local-backend/cli-bundle.mjs";

const MAX_IDENTIFIER_LENGTH = 64;
const MAX_INDEXES_PER_TABLE = 64; // database, search and vector indexes together, staged ones included
const MAX_INDEX_FIELDS = 16; // including the _creationTime the backend appends, so 15 of yours
const MAX_FILTER_FIELDS = 16; // per search index and per vector index
const VECTOR_DIMENSIONS = { min: 2, max: 4096 };
const RESERVED_INDEX_NAMES = new Set(["by_id", "by_creation_time"]);

/** Why `name` is not a Convex identifier, or null when it is one. */
function identifierProblem(name) {
  if (name.length === 0) return "is empty";
  if (!/^[A-Za-z_]/.test(name)) return "must start with a letter";
  if (/[^A-Za-z0-9_]/.test(name)) return "may contain only letters, digits and underscores";
  if (name.length > MAX_IDENTIFIER_LENGTH) return `is longer than ${MAX_IDENTIFIER_LENGTH} characters`;
  if (/^_+$/.test(name)) return "cannot be only underscores";
  return null;
}

/** A field path ("a.b") as its parts, or null when Convex cannot parse it. */
function fieldPathParts(fieldPath) {
  const trimmed = fieldPath.replace(/^\.+|\.+$/g, "");
  if (!trimmed) return null;
  const parts = trimmed.split(".");
  return parts.every((part) => identifierProblem(part) === null) ? parts : null;
}

// Can a document matching `validator` have a value at `parts`? (Validator::can_contain_field)
function canContain(validator, parts, topLevel = false) {
  // System fields (_id, _creationTime) always exist; the backend drops any others from the document type.
  if (topLevel && parts[0].startsWith("_")) return parts.length === 1;
  if (parts.length === 0 || validator.type === "any") return true;
  if (validator.type === "union") return validator.value.some((member) => canContain(member, parts));
  if (validator.type !== "object") return false;
  const field = validator.value[parts[0]];
  return field ? canContain(field.fieldType, parts.slice(1)) : false;
}

// Can the value at `parts` be an array of float64? (Validator::overlaps_with_array_float64)
function canBeVector(validator, parts) {
  if (validator.type === "any") return true;
  if (validator.type === "union") return validator.value.some((member) => canBeVector(member, parts));
  if (parts.length === 0) return validator.type === "array" && ["number", "any"].includes(validator.value.type);
  if (validator.type !== "object") return false;
  const field = validator.value[parts[0]];
  return field ? canBeVector(field.fieldType, parts.slice(1)) : true;
}

function checkTable(table, schemaValidation, report) {
  const { tableName } = table;
  const where = `table "${tableName}"`;
  const nameProblem = identifierProblem(tableName);
  if (nameProblem) report("InvalidTableName", `${where}: the table name ${nameProblem}`);
  else if (tableName.startsWith("_")) report("TableNameReserved", `${where}: names starting with "_" are reserved for system tables`);

  const dbIndexes = [...table.indexes, ...(table.stagedDbIndexes ?? [])];
  const searchIndexes = [...(table.searchIndexes ?? []), ...(table.stagedSearchIndexes ?? [])];
  const vectorIndexes = [...(table.vectorIndexes ?? []), ...(table.stagedVectorIndexes ?? [])];
  const all = [...dbIndexes, ...searchIndexes, ...vectorIndexes];
  if (all.length > MAX_INDEXES_PER_TABLE) {
    report("TooManyIndexes", `${where} has ${all.length} indexes; Convex allows ${MAX_INDEXES_PER_TABLE} per table (database, search and vector, staged included)`);
  }

  const seenNames = new Set();
  for (const { indexDescriptor: name } of all) {
    const problem = identifierProblem(name);
    if (problem) report("InvalidIndexName", `${where}: index name "${name}" ${problem}`);
    // Fivetran's synced "_fivetran..." indexes are the one reserved name a schema may declare.
    else if ((name.startsWith("_") && !name.startsWith("_fivetran")) || RESERVED_INDEX_NAMES.has(name)) {
      report("IndexNameReserved", `${where}: index "${name}" has a reserved name (no leading "_", no "by_id" or "by_creation_time")`);
    }
    if (seenNames.has(name)) report("IndexNamesNotUnique", `${where} defines index "${name}" more than once`);
    seenNames.add(name);
  }

  // Every field path an index names must parse; returns the parsed parts or null.
  const parse = (index, fieldPath) => {
    const parts = fieldPathParts(fieldPath);
    if (!parts) report("InvalidIndexField", `${where}, index "${index.indexDescriptor}": "${fieldPath}" is not a valid field path (identifiers joined by ".")`);
    return parts;
  };
  const mustExist = (index, parts) => {
    if (schemaValidation && table.documentType && parts && !canContain(table.documentType, parts, true)) {
      report("SchemaDefinitionError", `${where}: index "${index.indexDescriptor}" references the field "${parts.join(".")}", which the table's validator does not have`);
    }
  };

  const dbFieldLists = new Map();
  for (const index of dbIndexes) {
    const label = `${where}, index "${index.indexDescriptor}"`;
    if (index.fields.length === 0) report("EmptyIndex", `${label} has no fields`);
    const paths = index.fields.map((field) => parse(index, field)?.join("."));
    if (paths.includes("_id")) report("IndexFieldsContainId", `${label}: "_id" cannot be indexed; load documents by id with db.get(id)`);
    else if (paths.includes("_creationTime")) report("IndexFieldsContainCreationTime", `${label}: "_creationTime" is appended to every index automatically; remove it`);
    else if (paths.some((p) => p?.split(".").some((part) => part.startsWith("_")))) report("IndexFieldNameReserved", `${label}: fields starting with "_" are reserved and cannot be indexed`);
    if (new Set(paths).size < paths.length) report("FieldsNotUniqueWithinIndex", `${label} lists a field twice`);
    if (index.fields.length + 1 > MAX_INDEX_FIELDS) {
      report("IndexTooManyFields", `${label} has ${index.fields.length} fields; Convex allows ${MAX_INDEX_FIELDS - 1} (${MAX_INDEX_FIELDS} with the _creationTime it appends)`);
    }
    const key = JSON.stringify(paths);
    if (dbFieldLists.has(key)) report("IndexNotUnique", `${where}: indexes "${dbFieldLists.get(key)}" and "${index.indexDescriptor}" have the same fields`);
    else dbFieldLists.set(key, index.indexDescriptor);
    paths.forEach((p) => mustExist(index, p?.split(".")));
  }

  const filterKey = (index) => [...new Set(index.filterFields.map((f) => parse(index, f)?.join(".")))].sort();
  const searchKeys = new Map();
  for (const index of searchIndexes) {
    const searchField = parse(index, index.searchField);
    const filters = filterKey(index);
    if (filters.length > MAX_FILTER_FIELDS) report("IndexTooManyFilterFields", `${where}, search index "${index.indexDescriptor}" has ${filters.length} filter fields; the limit is ${MAX_FILTER_FIELDS}`);
    const key = JSON.stringify([searchField?.join("."), filters]);
    if (searchKeys.has(key)) report("SearchIndexFieldNotUnique", `${where}: search indexes "${searchKeys.get(key)}" and "${index.indexDescriptor}" index the same field; merge them`);
    else searchKeys.set(key, index.indexDescriptor);
    mustExist(index, searchField);
    filters.forEach((f) => mustExist(index, f?.split(".")));
  }

  const vectorKeys = new Map();
  for (const index of vectorIndexes) {
    const label = `${where}, vector index "${index.indexDescriptor}"`;
    const vectorField = parse(index, index.vectorField);
    const filters = filterKey(index);
    mustExist(index, vectorField);
    const { dimensions } = index;
    if (!Number.isInteger(dimensions) || dimensions < VECTOR_DIMENSIONS.min || dimensions > VECTOR_DIMENSIONS.max) {
      report("InvalidVectorDimensionError", `${label}: dimensions ${dimensions} must be an integer from ${VECTOR_DIMENSIONS.min} to ${VECTOR_DIMENSIONS.max}`);
    }
    if (filters.length > MAX_FILTER_FIELDS) report("IndexTooManyFilterFields", `${label} has ${filters.length} filter fields; the limit is ${MAX_FILTER_FIELDS}`);
    const key = JSON.stringify([vectorField?.join("."), dimensions]);
    if (vectorKeys.has(key)) report("VectorIndexFieldNotUnique", `${where}: vector indexes "${vectorKeys.get(key)}" and "${index.indexDescriptor}" index the same field; merge them`);
    else vectorKeys.set(key, index.indexDescriptor);
    if (schemaValidation && table.documentType && vectorField && !canBeVector(table.documentType, vectorField)) {
      report("SchemaDefinitionError", `${label}: "${vectorField.join(".")}" must be an array of float64 (v.array(v.float64())), optional or not`);
    }
  }
}

const isObjectValidator = (validator) => validator.type === "object";

const hasLiteral = (validator) => validator.type === "literal" || (validator.type === "union" && validator.value.some(hasLiteral));

// The backend parses every object key in a schema validator as an identifier
// and every v.id() table name as a table name (schemas/json.rs, ObjectValidator
// and ValidatorJson::Id), so `v.object({ "content-type": ... })` fails on push.
function checkValidator(validator, table, fieldPath, report) {
  const where = fieldPath ? `table "${table}", field "${fieldPath}"` : `table "${table}"`;
  const inside = (suffix) => (fieldPath ? `${fieldPath}${suffix}` : suffix.replace(/^\./, ""));
  switch (validator.type) {
    case "object":
      for (const [key, field] of Object.entries(validator.value)) {
        const problem = identifierProblem(key);
        if (problem) report("InvalidFieldName", `${where}: the field name "${key}" ${problem} (schema field names are identifiers)`);
        checkValidator(field.fieldType, table, inside(`.${key}`), report);
      }
      break;
    case "id": {
      const problem = identifierProblem(validator.tableName);
      if (problem) report("InvalidTableName", `${where}: in v.id("${validator.tableName}") the table name ${problem}`);
      break;
    }
    case "array":
      checkValidator(validator.value, table, inside("[]"), report);
      break;
    case "record":
      if (hasLiteral(validator.keys)) report("InvalidRecordType", `${where}: record keys cannot be string literals`);
      checkValidator(validator.values.fieldType, table, inside("{}"), report);
      break;
    case "union":
      validator.value.forEach((member) => checkValidator(member, table, fieldPath, report));
      break;
  }
}

/**
 * @param {any} schemaJson the parsed result of the schema's export()
 * @returns {{ rule: string, message: string }[]}
 */
export function schemaProblems(schemaJson) {
  const problems = [];
  for (const table of schemaJson.tables) {
    const report = (code, message) => problems.push({ rule: `schema:${code}`, message });
    const doc = table.documentType;
    if (doc && doc.type !== "any" && !isObjectValidator(doc) && !(doc.type === "union" && doc.value.every(isObjectValidator))) {
      report("InvalidTopLevelTypeInSchemaError", `table "${table.tableName}": a document validator must be an object, a union of objects, or v.any()`);
    }
    if (doc) checkValidator(doc, table.tableName, "", report);
    checkTable(table, schemaJson.schemaValidation !== false, report);
  }
  return problems;
}

/**
 * Bundles schema.ts as the CLI does, loads it and returns what Convex's own
 * `export()` produces, or the reason it cannot.
 * @returns {Promise<{ json: any } | { error: string }>}
 */
export async function exportSchema(schemaFile) {
  const source = await bundleSingleModule(schemaFile);
  const tempFile = path.join(os.tmpdir(), `deploy-check-schema-${process.pid}-${Date.now()}.mjs`);
  writeFileSync(tempFile, source);
  try {
    const schema = (await import(pathToFileURL(tempFile).href)).default;
    if (typeof schema?.export !== "function") return { error: "the default export is not a schema made with defineSchema()" };
    return { json: JSON.parse(schema.export()) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  } finally {
    rmSync(tempFile, { force: true });
  }
}
