import { systemTableFunctions } from "./shared";

export const { later, soon, schedule, jobs, files, read, fileUrl, cancel, uploadUrl, marks } = systemTableFunctions("jobs");
