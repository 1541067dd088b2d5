import { useMutation } from "convex/react";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import { cleanContact, contactErrors, NOK_LIMITS, type ContactErrors, type ContactInput, type ContactView } from "../../../convex/lib/legacy/nokRules";
import { Button, Input, Form } from "../../ui";
import { useSubmit } from "../../lib/useSubmit";
import { PhoneCountrySelect } from "../../lib/PhoneCountrySelect";
import { DEFAULT_PHONE_REGION, isPhoneRegion, regionOfPhone } from "../../../convex/lib/phone";

const EMPTY: ContactInput = { name: "", relationship: "", email: "", phone: "", phoneCountry: DEFAULT_PHONE_REGION };

/** Adds a contact, or with `contact` corrects one (a changed email is confirmed again). */
export function ContactForm({ disabled = false, contact, onDone }: { disabled?: boolean; contact?: ContactView; onDone?: () => void }) {
  const add = useMutation(api.nextOfKin.add);
  const update = useMutation(api.nextOfKin.update);
  const [form, setForm] = useState<ContactInput>(() =>
    contact
      ? { name: contact.name, relationship: contact.relationship, email: contact.email, phone: contact.phone, phoneCountry: regionOfPhone(contact.phone) ?? DEFAULT_PHONE_REGION }
      : EMPTY,
  );
  const [errors, setErrors] = useState<ContactErrors>({});
  const { busy, error: failure, setError: setFailure, run } = useSubmit({ fallback: contact ? "Could not save the contact" : "Could not add the contact" });
  const set = (key: keyof ContactInput) => (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const found = contactErrors(cleanContact(form));
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await run(async () => {
      const email = cleanContact(form).email;
      if (contact) {
        await update({ contactId: contact._id, ...form });
        toast.success(email === contact.email ? "Contact saved" : `Contact saved. We emailed ${email} to confirm.`);
      } else {
        await add(form);
        toast.success(`Contact added. We emailed ${email} to confirm.`);
        setForm(EMPTY);
      }
      onDone?.();
    });
  };

  return (
    <Form onSubmit={submit} className="grid gap-3 sm:grid-cols-2" aria-label={contact ? `Edit ${contact.name}` : "Add a contact"}>
      <Input label="Name" required value={form.name} onChange={set("name")} error={errors.name} maxLength={NOK_LIMITS.name + 20} autoComplete="off" />
      <Input label="Relationship" required value={form.relationship} onChange={set("relationship")} error={errors.relationship} placeholder="Daughter, brother, friend..." />
      <Input label="Email" required type="email" value={form.email} onChange={set("email")} error={errors.email} autoComplete="off" />
      <div className="grid gap-3 sm:col-span-2 sm:grid-cols-2">
        <Input label="Phone" required type="tel" autoComplete="off" value={form.phone} onChange={set("phone")} error={errors.phone} placeholder="07911 123456" hint="As you would dial it in the country chosen, or with + and the country code." />
        <PhoneCountrySelect value={isPhoneRegion(form.phoneCountry) ? form.phoneCountry : DEFAULT_PHONE_REGION} onChange={(phoneCountry) => setForm({ ...form, phoneCountry })} className="sm:pt-6" />
      </div>
      {failure && <p role="alert" className="text-sm text-red-600 sm:col-span-2 dark:text-red-400">{failure}</p>}
      <div className="sm:col-span-2">
        <Button type="submit" loading={busy} loadingText={contact ? "Saving..." : "Adding..."} disabled={disabled}>{contact ? "Save contact" : "Add contact"}</Button>
      </div>
    </Form>
  );
}
