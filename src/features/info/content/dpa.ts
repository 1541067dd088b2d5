import { LEGAL_LAST_UPDATED, PRODUCT_NAME, SUPPORT_EMAIL } from "./constants";
import type { LegalPageContent } from "./types";

export const dataProcessingAgreement = {
  slug: "data-processing-agreement",
  kind: "legal",
  title: "Data Processing Agreement",
  summary: `The terms under which ${PRODUCT_NAME} processes personal data on behalf of business users, as Article 28 of the GDPR requires. It forms part of the Terms of Service for every account with business features.`,
  lastUpdated: LEGAL_LAST_UPDATED,
  sections: [
    {
      id: "scope",
      heading: "Scope and parties",
      paragraphs: [
        `This agreement applies between ${PRODUCT_NAME} (the processor) and each business that uses business features (the controller). It covers personal data the business puts into ${PRODUCT_NAME}, such as names of staff responsible for items, customer or supplier details in inventory descriptions, and photos. It does not cover the business's own account data, for which ${PRODUCT_NAME} is controller under the Privacy Policy.`,
        "It takes effect when business features are enabled on the account and lasts as long as the controller uses them.",
      ],
    },
    {
      id: "processing",
      heading: "Details of the processing",
      paragraphs: ["The processing is described as follows:"],
      bullets: [
        "Subject matter: hosting the controller's asset register and inventory and providing tagging, serial verification and CSV import and export.",
        "Nature and purpose: storage, retrieval, display, export and deletion, only to provide the service.",
        "Types of data: whatever the controller records, typically names, work contact details, descriptions, photos and item histories.",
        "Data subjects: the controller's staff, customers, suppliers and other people named in its records.",
        "Duration: the term of this agreement plus the deletion period below.",
      ],
    },
    {
      id: "obligations",
      heading: "Our obligations as processor",
      paragraphs: [`${PRODUCT_NAME} will:`],
      bullets: [
        "process the data only on the controller's documented instructions, which are these terms and the controller's use of the product, and tell the controller if an instruction appears to break data protection law;",
        "ensure that anyone authorised to process the data is bound by confidentiality;",
        "keep appropriate technical and organisational security measures, including server-side authorisation of every request, role-based access, encrypted connections, hashed passwords and audit logging of administrative changes;",
        "help the controller answer data subjects' requests and carry out impact assessments, as far as the nature of the processing allows;",
        "notify the controller without undue delay, and at the latest within 48 hours, after becoming aware of a personal data breach affecting its data, with the information the controller needs to meet its own duties;",
        "make available the information needed to demonstrate compliance and allow for audits, normally by written answers and documentation, with on-site audits on reasonable notice where the law requires them.",
      ],
    },
    {
      id: "subprocessors",
      heading: "Sub-processors",
      paragraphs: [
        "The controller authorises these sub-processors: Convex (database, server functions and file storage), Resend (email) and Twilio (text messages). We impose data protection obligations on each that are equivalent to this agreement and remain responsible for them.",
        "We give at least 30 days' notice by email before adding or replacing a sub-processor. The controller may object on reasonable data protection grounds; if we cannot resolve the objection, the controller may stop using business features.",
      ],
    },
    {
      id: "transfers",
      heading: "International transfers",
      paragraphs: [
        "Where a sub-processor handles data outside the UK or the European Economic Area, the transfer is covered by an adequacy decision or by the Standard Contractual Clauses (with the UK Addendum where relevant).",
      ],
    },
    {
      id: "controller",
      heading: "The controller's responsibilities",
      paragraphs: [
        "The controller is responsible for having a lawful basis for the data it records, for informing the people concerned, and for not recording special-category data unless it is necessary and lawful.",
      ],
    },
    {
      id: "deletion",
      heading: "Return and deletion",
      paragraphs: [
        "The controller can export its inventory as CSV from the business dashboard at any time. When business features end, we delete the controller's data within 30 days unless the law requires us to keep it, and confirm deletion on request.",
      ],
    },
    {
      id: "signing",
      heading: "Getting a countersigned copy",
      paragraphs: [
        `This agreement applies automatically; no signature is needed. If your organisation needs a signed copy for its records, email ${SUPPORT_EMAIL} from the account with business features.`,
      ],
      contact: { label: "Request a signed DPA", subject: "Data Processing Agreement" },
    },
  ],
  related: ["gdpr-compliance", "privacy-policy", "terms-of-service"],
} satisfies LegalPageContent;
