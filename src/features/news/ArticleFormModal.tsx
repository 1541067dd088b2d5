import { useState, type FormEvent } from "react";
import { useMutation, useQuery } from "convex/react";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import { DEFAULT_ARTICLE_CATEGORY, ARTICLE_CATEGORIES } from "../../../convex/lib/constants";
import { ARTICLE_CONTENT_MAX, ARTICLE_TITLE_MAX, checkArticle } from "../../../convex/lib/news/rules";
import { Button, Input, Modal } from "../../ui";
import type { ManagedArticle } from "./ArticleRow";
import { ContentEditor } from "./ContentEditor";
import { PublishControls } from "./PublishControls";
import { ArticleImage } from "./ArticleImage";
import { errorMessage, fromLocalInput, toLocalInput } from "./newsFormat";

interface ArticleFormModalProps {
  /** The article to edit, or null to create one. */
  article: ManagedArticle | null;
  onClose: () => void;
}

const fieldClass =
  "h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30 sm:text-sm dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";

export function ArticleFormModal({ article, onClose }: ArticleFormModalProps) {
  const create = useMutation(api.news.create);
  const update = useMutation(api.news.update);
  const listed = useQuery(api.news.listCategories, {});
  const [title, setTitle] = useState(article?.title ?? "");
  const [category, setCategory] = useState(article?.category ?? DEFAULT_ARTICLE_CATEGORY);
  const [content, setContent] = useState(article?.content ?? "");
  const [imageUrl, setImageUrl] = useState(article?.imageUrl ?? "");
  const [isPublished, setIsPublished] = useState(article?.isPublished ?? false);
  const [publishAt, setPublishAt] = useState(article?.publishAt ? toLocalInput(article.publishAt) : "");
  const [saving, setSaving] = useState(false);
  const categories = [...new Set([...(listed ?? ARTICLE_CATEGORIES), category])];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkArticle({ title, content, category, imageUrl });
    if (!checked.ok) {
      toast.error(checked.message);
      return;
    }
    const fields = {
      ...checked.value,
      isPublished,
      publishAt: isPublished ? undefined : fromLocalInput(publishAt),
    };
    setSaving(true);
    try {
      if (article === null) await create(fields);
      else await update({ id: article._id, ...fields });
      toast.success(article === null ? "Article created successfully" : "Article updated successfully");
      onClose();
    } catch (error) {
      toast.error(errorMessage(error, "Failed to save article"));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && !saving && onClose()}
      title={article === null ? "Create New Article" : "Edit Article"}
      size="xl"
    >
      <form aria-label={article === null ? "Create New Article" : "Edit Article"} onSubmit={(e) => void submit(e)} className="grid gap-5" noValidate>
        <Input label="Title" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={ARTICLE_TITLE_MAX} required placeholder="Article title" />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="article-category" className="text-sm font-medium text-slate-700 dark:text-slate-200">
            Category
          </label>
          <select id="article-category" value={category} onChange={(e) => setCategory(e.target.value)} className={fieldClass} required>
            {categories.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <ContentEditor value={content} onChange={setContent} maxLength={ARTICLE_CONTENT_MAX} />
        <div className="grid gap-3">
          <Input
            label="Image URL (optional)"
            type="url"
            inputMode="url"
            value={imageUrl}
            onChange={(e) => setImageUrl(e.target.value)}
            placeholder="https://example.com/image.jpg"
          />
          {imageUrl.trim() !== "" && (
            <ArticleImage key={imageUrl.trim()} url={imageUrl.trim()} alt="Image preview" className="max-h-48 w-full rounded-xl" />
          )}
        </div>
        <PublishControls
          isPublished={isPublished}
          onPublishedChange={setIsPublished}
          publishAt={publishAt}
          onPublishAtChange={setPublishAt}
        />
        <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
          <Button variant="outline" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving} loadingText="Saving...">
            {article === null ? "Create Article" : "Update Article"}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
