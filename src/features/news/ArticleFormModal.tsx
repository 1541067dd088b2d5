import { useState, type FormEvent } from "react";
import { useMutation, useQuery } from "convex/react";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import { DEFAULT_ARTICLE_CATEGORY, ARTICLE_CATEGORIES } from "../../../convex/lib/constants";
import { ARTICLE_CONTENT_MAX, ARTICLE_TITLE_MAX, checkArticle } from "../../../convex/lib/news/rules";
import { Button, Input, Modal, Select, Form } from "../../ui";
import type { ManagedArticle } from "./ArticleRow";
import { ContentEditor } from "./ContentEditor";
import { PublishControls } from "./PublishControls";
import { ArticleImage } from "./ArticleImage";
import { fromLocalInput, toLocalInput } from "../../lib/format";
import { useSubmit } from "../../lib/useSubmit";

interface ArticleFormModalProps {
  /** The article to edit, or null to create one. */
  article: ManagedArticle | null;
  onClose: () => void;
}


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
  const { busy: saving, run } = useSubmit({ fallback: "Failed to save article", show: "toast" });
  // The field the check refused (its message is a toast): marked invalid, so Form focuses it.
  const [badField, setBadField] = useState<string | null>(null);
  const invalid = (field: string) => (badField === field ? { "aria-invalid": true as const } : {});
  const categories = [...new Set([...(listed ?? ARTICLE_CATEGORIES), category])];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkArticle({ title, content, category, imageUrl });
    setBadField(checked.ok ? null : checked.field);
    if (!checked.ok) {
      toast.error(checked.message);
      return;
    }
    const fields = {
      ...checked.value,
      isPublished,
      publishAt: isPublished ? undefined : fromLocalInput(publishAt),
    };
    await run(async () => {
      if (article === null) await create(fields);
      else await update({ id: article._id, ...fields });
      toast.success(article === null ? "Article created successfully" : "Article updated successfully");
      onClose();
    });
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && !saving && onClose()}
      title={article === null ? "Create New Article" : "Edit Article"}
      size="xl"
    >
      <Form aria-label={article === null ? "Create New Article" : "Edit Article"} onSubmit={submit} className="grid gap-5">
        <Input label="Title" value={title} {...invalid("title")} onChange={(e) => setTitle(e.target.value)} maxLength={ARTICLE_TITLE_MAX} required placeholder="Article title" />
        <Select label="Category" id="article-category" {...invalid("category")} value={category} onChange={(e) => setCategory(e.target.value)} required>
          {categories.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </Select>
        <ContentEditor value={content} onChange={setContent} maxLength={ARTICLE_CONTENT_MAX} invalid={badField === "content"} />
        <div className="grid gap-3">
          <Input
            label="Image URL (optional)"
            type="url"
            inputMode="url"
            {...invalid("imageUrl")}
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
      </Form>
    </Modal>
  );
}
