import { useMutation } from "convex/react";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { errorMessage } from "../../lib/errors";

/** Row actions with their success and error toasts; each resolves true on success. */
export function useArticleActions() {
  const setPublished = useMutation(api.news.setPublished);
  const remove = useMutation(api.news.remove);

  const togglePublished = async (id: Id<"articles">, isPublished: boolean) => {
    try {
      await setPublished({ id, isPublished });
      toast.success(isPublished ? "Article published successfully" : "Article unpublished successfully");
      return true;
    } catch (error) {
      toast.error(errorMessage(error, "Failed to update article status"));
      return false;
    }
  };

  const deleteArticle = async (id: Id<"articles">) => {
    try {
      await remove({ id });
      toast.success("Article deleted successfully");
      return true;
    } catch (error) {
      toast.error(errorMessage(error, "Failed to delete article"));
      return false;
    }
  };

  return { togglePublished, deleteArticle };
}
