import { TextField } from '../fields/TextField.tsx';

/** Step 4: where you live. */
export function AddressStep() {
  return (
    <div className="space-y-5">
      <TextField name="street_address" label="Street Address" required autoComplete="street-address" />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField name="city" label="City" required autoComplete="address-level2" />
        <TextField name="state" label="State/Province" required autoComplete="address-level1" />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField name="zip_code" label="Postal/ZIP Code" required autoComplete="postal-code" />
        <TextField name="country" label="Country" required autoComplete="country-name" />
      </div>
    </div>
  );
}
