import { ADMINS, EVERYONE, SIGNED_IN, type Caller, type Rows } from "../permission-types";

// Admins and admin-influencers (the flag alone is enough) manage news.
const NEWS_MANAGERS: readonly Caller[] = [...ADMINS, "adminInfluencer"];
// An id of the articles table that names no document: managers pass the access check and get NOT_FOUND.
const MISSING_ARTICLE = "99999999articles";
const article = { title: "Title", content: "Body", category: "General", isPublished: false };

export const rows: Rows = {
  "news:listPublished": { kind: "query", args: () => ({ paginationOpts: { numItems: 5, cursor: null } }), allowed: EVERYONE },
  "news:getPublished": { kind: "query", args: () => ({ id: MISSING_ARTICLE }), allowed: EVERYONE },
  "news:listCategories": { kind: "query", args: () => ({}), allowed: EVERYONE },
  "news:unreadCount": { kind: "query", args: () => ({}), allowed: EVERYONE },
  "news:markSeen": { kind: "mutation", args: () => ({}), allowed: SIGNED_IN },
  "news:listAll": { kind: "query", args: () => ({ paginationOpts: { numItems: 5, cursor: null } }), allowed: NEWS_MANAGERS },
  "news:stats": { kind: "query", args: () => ({}), allowed: NEWS_MANAGERS },
  "news:create": { kind: "mutation", args: () => article, allowed: NEWS_MANAGERS },
  "news:update": {
    kind: "mutation",
    args: () => ({ id: MISSING_ARTICLE, ...article }),
    allowed: NEWS_MANAGERS,
    handlerError: "NOT_FOUND",
  },
  "news:setPublished": {
    kind: "mutation",
    args: () => ({ id: MISSING_ARTICLE, isPublished: true }),
    allowed: NEWS_MANAGERS,
    handlerError: "NOT_FOUND",
  },
  "news:remove": { kind: "mutation", args: () => ({ id: MISSING_ARTICLE }), allowed: NEWS_MANAGERS, handlerError: "NOT_FOUND" },
};
