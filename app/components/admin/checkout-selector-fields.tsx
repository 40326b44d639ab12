import { Field } from "#app/components/admin/admin-ui";
import { Input } from "#app/components/ui/input";
import { CHECKOUT_SELECTOR_FIELDS } from "#app/modules/brands/brand-form.schema";

/**
 * « Page de paiement (extension) » of the brand form (issue #40 item 6, ADR 050 §Codes at checkout): the CSS
 * selectors of the shop's checkout that the browser extension reads, posted as `checkoutSelectors.<field>`.
 * They start from the row edited (or the copy « Dupliquer » made).
 */
export function CheckoutSelectorFields({ values, errors }: { values: Record<string, string> | null | undefined; errors: Record<string, string[] | undefined> }) {
  return (
    <fieldset className="grid gap-3 rounded-md border border-neutral-200 p-3" aria-describedby="checkoutSelectors-hint">
      <legend className="px-1 text-sm font-semibold text-neutral-900">Page de paiement (extension)</legend>
      <p id="checkoutSelectors-hint" className="text-xs text-neutral-600">
        Sélecteurs CSS de la page de paiement de la boutique : l'extension Crevarde s'en sert pour tester les codes promo. Les trois premiers sont nécessaires pour proposer « Tester les
        codes » ; laissez tout vide si la boutique n'en a pas.
      </p>
      {CHECKOUT_SELECTOR_FIELDS.map(({ key, label, hint }) => {
        const name = `checkoutSelectors.${key}`;
        const id = `checkoutSelectors-${key}`;
        return (
          <Field key={key} label={label} htmlFor={id} name={name} error={errors[name]} hint={hint}>
            <Input id={id} name={name} defaultValue={values?.[key] ?? ""} maxLength={200} spellCheck={false} autoComplete="off" className="font-mono" />
          </Field>
        );
      })}
    </fieldset>
  );
}
