// The checks Convex makes of a schema when it is pushed, with its messages
// (crates/common/src/schemas/json.rs `TableDefinition::try_from`, schemas/mod.rs
// `check_index_references`, bootstrap_model/index/index_validation_error.rs,
// application/src/lib.rs `_validate_user_defined_index_fields`): a schema Convex
// refuses does not load here either.

/** Convex's identifiers (sync_types identifier.rs): a letter or `_` first, letters, digits, `_`, not only `_`, 64 at most. */
const isIdentifier = (s) => /^[a-zA-Z_][a-zA-Z0-9_]{0,63}$/.test(s) && /[a-zA-Z0-9]/.test(s);
const MAX_INDEXES_PER_TABLE = 64;
const MAX_INDEX_FIELDS = 16;

const indexNameError = (name) =>
  `Invalid index name: "${name}". Identifiers must be 64 characters or less, start with a letter, and only contain letters, digits, underscores.`;

/** Convex's checks of one database index's fields (`IndexedFields`, then the user-defined-field rules). */
function checkIndexFields(fields) {
  if (fields.length > MAX_INDEX_FIELDS) return `Indexes may have up to ${MAX_INDEX_FIELDS} fields.`;
  if (fields.includes("_id")) return "`_id` is not a valid index field. To load documents by ID, use `db.get(id)`.";
  const seen = new Set();
  for (const field of fields) {
    if (seen.has(field)) return `Duplicate field ${field}. Index fields must be unique within an index.`;
    seen.add(field);
  }
  if (fields.includes("_creationTime")) {
    return "`_creationTime` is automatically added to the end of each index. It should not be added explicitly in the index definition. See https://docs.convex.dev/using/indexes for more details.";
  }
  if (fields.some((f) => f.split(".").some((part) => part.startsWith("_")))) return "Reserved fields (starting with `_`) are not allowed in indexes.";
  return null;
}

/** The first two indexes (in name order, as Convex's map iterates) with the same key. */
function sameKey(indexes, key) {
  const seen = new Map();
  for (const index of [...indexes].sort((a, b) => (a.indexDescriptor < b.indexDescriptor ? -1 : a.indexDescriptor > b.indexDescriptor ? 1 : 0))) {
    const k = JSON.stringify(key(index));
    if (seen.has(k)) return [index.indexDescriptor, seen.get(k)];
    seen.set(k, index.indexDescriptor);
  }
  return null;
}

/** Whether a document of this validator (JSON form) can hold the field path (`can_contain_field`). */
function canContain(type, path) {
  if (!type || path.length === 0) return true;
  if (type.type === "any") return true;
  if (type.type === "union") return type.value.some((member) => canContain(member, path));
  if (type.type === "object") {
    const field = type.value[path[0]];
    return field !== undefined && canContain(field.fieldType, path.slice(1));
  }
  return false;
}

function checkTable(table, schemaValidation) {
  const name = table.tableName;
  if (!isIdentifier(name)) return `Invalid table name: "${name}". Identifiers must start with a letter and can only contain letters, digits, and underscores.`;
  if (name.startsWith("_")) return `${name} is a reserved table name.`;
  const db = [...(table.indexes ?? []), ...(table.stagedDbIndexes ?? [])];
  const search = [...(table.searchIndexes ?? []), ...(table.stagedSearchIndexes ?? [])];
  const vector = [...(table.vectorIndexes ?? []), ...(table.stagedVectorIndexes ?? [])];
  if (db.length + search.length + vector.length > MAX_INDEXES_PER_TABLE) return `Table "${name}" cannot have more than ${MAX_INDEXES_PER_TABLE} indexes.`;
  for (const index of [...db, ...search, ...vector]) {
    if (!isIdentifier(index.indexDescriptor)) return `In table "${name}": ${indexNameError(index.indexDescriptor)}`;
  }
  for (const [list, staged] of [[table.indexes ?? [], false], [table.stagedDbIndexes ?? [], true]]) {
    for (const index of list) {
      const problem = checkIndexFields(index.fields);
      if (problem) return `In table "${name}": ${problem}`;
      if (index.fields.length === 0) return `In table "${name}" ${staged ? "staged " : ""}index "${index.indexDescriptor}" must have at least one field.`;
    }
  }
  const dbTwins = sameKey(db, (i) => i.fields);
  if (dbTwins) return `In table "${name}" index "${dbTwins[0]}" and index "${dbTwins[1]}" have the same fields. Indexes must be unique within a table.`;
  const searchTwins = sameKey(search, (i) => [i.searchField, i.filterFields ?? []]);
  if (searchTwins) {
    return `In table "${name}" search index "${searchTwins[0]}" and search index "${searchTwins[1]}" have the same \`searchField\`. Search index fields must be unique within a table. You should combine the\n             indexes with the same \`searchField\` into one index containing all \`filterField\`s and then use different subsets of the \`filterField\`s at query time.`;
  }
  const vectorTwins = sameKey(vector, (i) => [i.vectorField, i.dimensions]);
  if (vectorTwins) {
    return `In table "${name}" vector index "${vectorTwins[0]}" and vector index "${vectorTwins[1]}" have the same \`vectorField\`. Vector index fields must be unique within a table. You should combine the\n             indexes with the same \`vectorField\` into one index containing all \`filterField\`s and then use different subsets of the \`filterField\`s at query time.`;
  }
  const seen = new Set();
  for (const index of [...db, ...search, ...vector]) {
    const descriptor = index.indexDescriptor;
    if (descriptor.startsWith("_") || descriptor === "by_id" || descriptor === "by_creation_time") {
      return `In table "${name}" cannot name an index "${descriptor}" because the name is reserved. Indexes may not start with an underscore or be named "by_id" or "by_creation_time".`;
    }
    if (seen.has(descriptor)) return `Table "${name}" has two or more definitions of index "${descriptor}".`;
    seen.add(descriptor);
  }
  if (schemaValidation && table.documentType) {
    const referenced = [
      ...db.flatMap((i) => i.fields.map((f) => [i.indexDescriptor, f])),
      ...search.flatMap((i) => [i.searchField, ...(i.filterFields ?? [])].map((f) => [i.indexDescriptor, f])),
      ...vector.flatMap((i) => [i.vectorField, ...(i.filterFields ?? [])].map((f) => [i.indexDescriptor, f])),
    ];
    for (const [descriptor, field] of referenced) {
      if (!canContain(table.documentType, field.split("."))) {
        return `In table "${name}" the index "${descriptor}" is invalid because it references the field ${field} that does not exist.`;
      }
    }
  }
  return null;
}

/**
 * Convex's refusal of an exported schema (`defineSchema(...).export()` parsed), or null.
 * @param {{ tables: any[], schemaValidation?: boolean } | null} schema
 */
export function schemaProblem(schema) {
  for (const table of schema?.tables ?? []) {
    const problem = checkTable(table, schema.schemaValidation !== false);
    if (problem) return problem;
  }
  return null;
}
