// Checks a real HTTP answer against the OpenAPI document the server serves: the status must be
// documented, and the body must match that response's JSON schema (JSON Schema 2020-12, as
// OpenAPI 3.1 uses it), with the documented headers present.
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";

type Doc = { paths: Record<string, Record<string, { responses: Record<string, Response3>}>> };
type Response3 = {
  headers?: Record<string, unknown>;
  content?: Record<string, { schema: unknown }>;
};

export function shapeChecker(doc: Doc) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...doc, $id: "openapi.json" });
  return async function check(path: string, method: string, response: Response): Promise<string[]> {
    const documented = doc.paths[path]?.[method]?.responses[String(response.status)];
    if (documented === undefined) return [`${method.toUpperCase()} ${path} does not document status ${response.status}`];
    const problems: string[] = [];
    for (const name of Object.keys(documented.headers ?? {})) {
      if (!response.headers.has(name)) problems.push(`missing header ${name}`);
    }
    const type = (response.headers.get("Content-Type") ?? "").split(";")[0].trim();
    const media = documented.content?.[type];
    if (media === undefined) return [...problems, `undocumented content type ${type}`];
    const ref = `openapi.json#/paths/${pointer(path)}/${method}/responses/${response.status}/content/${pointer(type)}/schema`;
    const validate = ajv.getSchema(ref);
    if (validate === undefined) return [...problems, `no schema at ${ref}`];
    if (!validate(await response.clone().json())) {
      problems.push(...(validate.errors ?? []).map((e) => `${e.instancePath || "(body)"} ${e.message ?? ""}`));
    }
    return problems;
  };
}

const pointer = (segment: string) => encodeURIComponent(segment.replace(/~/g, "~0").replace(/\//g, "~1"));
