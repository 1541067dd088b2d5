import { useState } from "react";
import { cn } from "../../ui";

interface ArticleImageProps {
  url: string | null;
  alt: string;
  className?: string;
  /** Shown when there is no image or it fails to load; nothing when omitted. */
  placeholder?: boolean;
}

/** Only http(s) images (the server refuses others); a failed image hides itself. Key it by `url`. */
export function ArticleImage({ url, alt, className, placeholder = false }: ArticleImageProps) {
  const [failed, setFailed] = useState(false);
  const usable = url !== null && /^https?:\/\//i.test(url) && !failed;
  if (usable) {
    return (
      <img
        src={url}
        alt={alt}
        loading="lazy"
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
        className={cn("object-cover", className)}
      />
    );
  }
  if (!placeholder) return null;
  return (
    <div
      aria-hidden="true"
      data-testid="image-placeholder"
      className={cn("bg-gradient-to-br from-indigo-500 via-violet-500 to-sky-400 dark:from-indigo-700 dark:via-violet-700 dark:to-sky-700", className)}
    />
  );
}
