import { useState } from "react";
import { initials, isHttpUrl } from "./profileFormat";

interface AvatarPreviewProps {
  url: string;
  name: string;
  fallbackText: string | null;
}

/** The avatar as others will see it; initials when there is no usable image. Key it by `url`. */
export function AvatarPreview({ url, name, fallbackText }: AvatarPreviewProps) {
  const [failed, setFailed] = useState(false);
  const showImage = isHttpUrl(url.trim()) && !failed;
  const letters = initials(name, fallbackText);
  return (
    <div className="relative h-20 w-20 shrink-0 overflow-hidden rounded-full bg-indigo-100 ring-4 ring-white dark:bg-indigo-950 dark:ring-slate-900">
      {showImage ? (
        <img
          src={url.trim()}
          alt="Avatar preview"
          referrerPolicy="no-referrer"
          className="h-full w-full object-cover"
          onError={() => setFailed(true)}
        />
      ) : (
        <span
          aria-hidden="true"
          className="grid h-full w-full place-items-center text-2xl font-semibold text-indigo-700 dark:text-indigo-200"
        >
          {letters || (
            <svg viewBox="0 0 24 24" fill="currentColor" className="h-9 w-9">
              <path d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm0 2c-4.4 0-8 2.3-8 5.2V21h16v-1.8c0-2.9-3.6-5.2-8-5.2Z" />
            </svg>
          )}
        </span>
      )}
    </div>
  );
}
