// What an imported ZIP says beyond its items, checked like any input from outside: the
// workspace's custom field definitions (through the editor's own checkDefinition) and each
// item's maintenance plans and log (shapes, lengths and days). Ids in the ZIP are only keys
// that tie rows together here; the import gives every row a new id (convex/workspacePorts.ts).
import { validate } from "convex-helpers/validators";
import { v, type Infer } from "convex/values";
import { checkDefinition, categoryKey, CUSTOM_FIELD_LIMITS } from "../customFields/rules";
import { customFieldFields } from "../customFields/tables";
import { hasControlChars } from "../oneLine";
import { UPKEEP_LIMITS } from "../upkeep/rules";
import { moneyError, moneyValidator } from "../money/currency";
import { scheduleValidator } from "../upkeep/tables";
import { PORT_MESSAGES } from "./rules";
import { ImportRefused } from "./zipRead";

// A definition as the ZIP states it and as the import adds it: the table's own fields (so one it
// gains travels without edits here) but its workspace, category key and position, which are this workspace's.
const { workspaceId: _workspace, categoryKey: _key, position: _position, ...definitionFields } = customFieldFields;
const definitionRow = v.object({ ...definitionFields, _id: v.string(), removed: v.optional(v.boolean()) });
const planRow = v.object({ _id: v.string(), assetId: v.string(), title: v.string(), schedule: scheduleValidator, lastOn: v.string(), lastReading: v.optional(v.number()), reading: v.optional(v.number()), dueOn: v.optional(v.string()) });
const logRow = v.object({ assetId: v.string(), planId: v.optional(v.string()), doneOn: v.string(), what: v.string(), cost: v.optional(moneyValidator), reading: v.optional(v.number()), files: v.array(v.string()), at: v.number() });

export const importedFieldValidator = v.object({ ...definitionFields, from: v.string(), removed: v.boolean() });
export type ImportedField = Infer<typeof importedFieldValidator>;

export const importedPlanValidator = v.object({ from: v.string(), title: v.string(), schedule: scheduleValidator, lastOn: v.string(), lastReading: v.optional(v.number()), reading: v.optional(v.number()), dueOn: v.optional(v.string()) });
// `files` are positions in the item's own files, `plan` the ZIP's id of one of the item's plans.
export const importedLogValidator = v.object({ plan: v.optional(v.string()), doneOn: v.string(), what: v.string(), cost: v.optional(moneyValidator), reading: v.optional(v.number()), files: v.array(v.number()), at: v.number() });
export type ImportedPlan = Infer<typeof importedPlanValidator>;
export type ImportedLog = Infer<typeof importedLogValidator>;

/** Log entries copied per item. */
const MAX_LOG_PER_ITEM = 200;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (day: string | undefined) => day === undefined || (DAY.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)));
const line = (text: string, max: number) => text.trim() !== "" && text.length <= max && !hasControlChars(text);
const reading = (n: number | undefined) => n === undefined || (Number.isFinite(n) && n >= 0 && n <= UPKEEP_LIMITS.reading);

/** The ZIP's custom field definitions, each checked as the editor checks one. */
export function planFields(rows: unknown[], currency: string): ImportedField[] {
  if (rows.length > CUSTOM_FIELD_LIMITS.perWorkspace) throw new ImportRefused(PORT_MESSAGES.badJson("customFields"));
  const seen = new Set<string>();
  return rows.map((row) => {
    if (!validate(definitionRow, row, { allowUnknownFields: true })) throw new ImportRefused(PORT_MESSAGES.badJson("customFields"));
    const checked = checkDefinition(row, currency);
    const category = row.category.trim();
    const key = `${categoryKey(category)}\n${checked.ok ? checked.value.label.toLowerCase() : ""}`;
    if (!checked.ok || category === "" || !line(category, 100) || seen.has(key) || seen.has(row._id)) throw new ImportRefused(PORT_MESSAGES.badField(row.label, checked.ok ? "it is not valid" : checked.message));
    seen.add(key).add(row._id);
    return { from: row._id, category, ...checked.value, removed: row.removed === true };
  });
}

/**
 * Each item's plans and log, keyed by the item's id in the ZIP. A log entry's files are the
 * item's own (by their stored id in the ZIP, `fileIds`), kept as positions in its files.
 */
export function planUpkeep(planRows: unknown[], logRows: unknown[], fileIds: ReadonlyMap<string, readonly string[]>) {
  const plans = new Map<string, ImportedPlan[]>();
  for (const row of planRows) {
    if (!validate(planRow, row, { allowUnknownFields: true })) throw new ImportRefused(PORT_MESSAGES.badJson("maintenancePlans"));
    const list = plans.get(row.assetId) ?? [];
    const every = row.schedule.every;
    const okEvery = Number.isInteger(every) && every > 0 && every <= (row.schedule.by === "time" ? UPKEEP_LIMITS.everyTime : UPKEEP_LIMITS.everyCounter);
    const okUnit = row.schedule.by === "time" || line(row.schedule.unit, UPKEEP_LIMITS.unit);
    if (!fileIds.has(row.assetId) || list.length >= UPKEEP_LIMITS.plansPerAsset || !line(row.title, UPKEEP_LIMITS.title) || !okEvery || !okUnit) throw new ImportRefused(PORT_MESSAGES.badJson("maintenancePlans"));
    if (!isDay(row.lastOn) || !isDay(row.dueOn) || !reading(row.lastReading) || !reading(row.reading)) throw new ImportRefused(PORT_MESSAGES.badJson("maintenancePlans"));
    list.push({ from: row._id, title: row.title.trim(), schedule: row.schedule, lastOn: row.lastOn, lastReading: row.lastReading, reading: row.reading, dueOn: row.dueOn });
    plans.set(row.assetId, list);
  }
  const logs = new Map<string, ImportedLog[]>();
  for (const row of logRows) {
    if (!validate(logRow, row, { allowUnknownFields: true })) throw new ImportRefused(PORT_MESSAGES.badJson("maintenanceLog"));
    const files = fileIds.get(row.assetId);
    const ofItem = plans.get(row.assetId) ?? [];
    const list = logs.get(row.assetId) ?? [];
    if (files === undefined || !isDay(row.doneOn) || !line(row.what, UPKEEP_LIMITS.what) || !reading(row.reading) || !Number.isFinite(row.at)) throw new ImportRefused(PORT_MESSAGES.badJson("maintenanceLog"));
    if (row.cost !== undefined && moneyError("Cost", row.cost) !== undefined) throw new ImportRefused(PORT_MESSAGES.badJson("maintenanceLog"));
    if (list.length >= MAX_LOG_PER_ITEM) continue;
    // A plan or file the item no longer has is left out of the entry, as the app shows it.
    const plan = row.planId !== undefined && ofItem.some((p) => p.from === row.planId) ? row.planId : undefined;
    const at = row.files.slice(0, UPKEEP_LIMITS.filesPerEntry).map((id) => files.indexOf(id)).filter((i) => i >= 0);
    list.push({ plan, doneOn: row.doneOn, what: row.what.trim(), cost: row.cost, reading: row.reading, files: at, at: row.at });
    logs.set(row.assetId, list);
  }
  return { plans, logs };
}
