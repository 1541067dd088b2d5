import { useState } from "react";
import { cn } from "../../ui";

// Placeholders differ by category, so a page of image-less cards is not one repeated block.
const GRADIENTS = [
  "from-indigo-500 via-violet-500 to-sky-400 dark:from-indigo-700 dark:via-violet-700 dark:to-sky-700",
  "from-emerald-500 via-teal-500 to-cyan-400 dark:from-emerald-700 dark:via-teal-700 dark:to-cyan-700",
  "from-amber-400 via-orange-500 to-rose-500 dark:from-amber-600 dark:via-orange-700 dark:to-rose-700",
  "from-fuchsia-500 via-purple-500 to-indigo-500 dark:from-fuchsia-700 dark:via-purple-700 dark:to-indigo-700",
  "from-sky-500 via-blue-500 to-indigo-500 dark:from-sky-700 dark:via-blue-700 dark:to-indigo-700",
];

function gradientFor(seed: string): string {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return GRADIENTS[hash % GRADIENTS.length];
}

interface ArticleImageProps {
  url: string | null;
  alt: string;
  className?: string;
  /** Shown when there is no image or it fails to load; nothing when omitted. */
  placeholder?: boolean;
  /** Picks the placeholder's colours (the category). */
  seed?: string;
}

/** Only http(s) images (the server refuses others); a failed image hides itself. Key it by `url`. */
export function ArticleImage({ url, alt, className, placeholder = false, seed = "" }: ArticleImageProps) {
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
      className={cn("bg-gradient-to-br", gradientFor(seed), className)}
    />
  );
}
