import { Link } from "react-router";
import { SUPPORT_EMAIL } from "../../convex/lib/constants";
import { Logo } from "../ui/Logo";

interface FooterGroup {
  heading: string;
  links: { to: string; label: string }[];
}

// The footer links in their fixed order, grouped into columns without reordering.
const FOOTER_GROUPS: FooterGroup[] = [
  {
    heading: "Tagging",
    links: [
      { to: "/general-tagging", label: "General Tagging" },
      { to: "/nft-tagging", label: "NFT Tagging" },
      { to: "/mywill-tagging", label: "MyWill Tagging" },
      { to: "/business-tagging", label: "Business Tagging" },
    ],
  },
  {
    heading: "Legal",
    links: [
      { to: "/privacy-policy", label: "Privacy Policy" },
      { to: "/terms-of-service", label: "Terms of Service" },
      { to: "/gdpr-compliance", label: "GDPR Compliance" },
      { to: "/cookie-policy", label: "Cookie Policy" },
      { to: "/data-processing-agreement", label: "Data Processing Agreement" },
    ],
  },
  {
    heading: "Resources",
    links: [
      { to: "/documentation", label: "Documentation" },
      { to: "/faq", label: "FAQ" },
      { to: "/about-us", label: "About Us" },
      { to: "/dao", label: "DAO" },
      { to: "/careers", label: "Careers" },
      { to: "/public-assets", label: "Public Assets" },
    ],
  },
];

const linkClass =
  "text-sm text-slate-600 hover:text-indigo-600 dark:text-slate-400 dark:hover:text-indigo-300 rounded";

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-auto border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:grid-cols-4 sm:px-6 lg:grid-cols-[1.4fr_repeat(4,1fr)]">
        <div className="col-span-2 space-y-3 sm:col-span-4 lg:col-span-1">
          <Logo />
          <p className="max-w-xs text-sm text-slate-600 dark:text-slate-400">
            Tag, register and verify what you own, from everyday things to NFTs, your will and your business
            inventory.
          </p>
        </div>
        {FOOTER_GROUPS.map((group) => (
          <nav key={group.heading} aria-label={group.heading}>
            <h2 className="text-xs font-semibold uppercase tracking-wider text-slate-900 dark:text-white">
              {group.heading}
            </h2>
            <ul className="mt-3 space-y-2">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={linkClass}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <div>
          <h2 className="text-xs font-semibold uppercase tracking-wider text-slate-900 dark:text-white">Contact</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <a href={`mailto:${SUPPORT_EMAIL}`} className={linkClass}>
                Contact Us
              </a>
            </li>
            <li className="break-all text-sm text-slate-500 dark:text-slate-500">{SUPPORT_EMAIL}</li>
          </ul>
        </div>
      </div>
      <div className="border-t border-slate-200 dark:border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-xs text-slate-500 sm:px-6 md:flex-row md:items-center md:justify-between dark:text-slate-400">
          <p className="flex items-start gap-2">
            <span aria-hidden="true" className="mt-0.5 rounded bg-emerald-100 px-1.5 py-0.5 font-semibold text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300">
              GDPR
            </span>
            <span>
              TagMyThing is GDPR compliant. We process personal data only to run the service, never sell it, and you
              can download a copy or delete your account in Settings at any time.
            </span>
          </p>
          <p className="shrink-0">© {year} TagMyThing. All rights reserved.</p>
        </div>
      </div>
    </footer>
  );
}
