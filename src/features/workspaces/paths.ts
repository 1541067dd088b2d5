// The workspace screens' addresses, built in one place.
export const membersPath = (workspaceId: string) => `/workspaces/${workspaceId}/members`;
export const activityPath = (workspaceId: string) => `/workspaces/${workspaceId}/activity`;
