import { useRef, useState } from 'react';
import { Loader, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { brazilianStates } from '../../api/contract.ts';
import { useLingui } from '@lingui/react/macro';
import { isPostcodeComplete, lookupPostcode, type PostcodeLookup } from '../../api/postcode.ts';
import type { RegistrationValues } from './registration-values.ts';
import type { FormState } from './use-form-state.ts';

type LookupState = 'idle' | 'looking' | PostcodeLookup['status'];

/**
 * SPEC §5: the ZIP code is looked up only when it has exactly 8 digits; the street is read-only and filled from the
 * lookup; number and complement appear once the street is known. Beyond: when the lookup cannot be reached, the
 * street can be typed by hand, so a registration at the court is never blocked.
 */
export function AddressFields({ form }: { form: FormState<RegistrationValues> }) {
  const { t } = useLingui();
  // The lookup's state and the code it is for: once the code changes (typed, or the form cleared after a registration),
  // what was said of the old one is no longer shown.
  const [lookupOf, setLookupOf] = useState<{ zip: string; state: LookupState }>({ zip: '', state: 'idle' });
  const lookup = lookupOf.zip === form.values.zip ? lookupOf.state : 'idle';
  const setLookup = (zip: string, state: LookupState) => setLookupOf({ zip, state });
  // Only the answer to the latest code may fill the street.
  const latest = useRef(0);
  const { street, streetTypedByHand } = form.values;

  const onZipChange = async (value: string) => {
    form.setFieldValue('zip', value);
    // A street that came from the lookup belongs to the old code; a street typed by hand is the user's and stays.
    if (!form.getValues().streetTypedByHand) form.setFieldValue('street', '');
    const request = ++latest.current;
    if (!isPostcodeComplete(value)) {
      setLookup(value, 'idle');
      return;
    }
    setLookup(value, 'looking');
    const result = await lookupPostcode(value);
    if (request !== latest.current) return;
    setLookup(value, result.status);
    if (result.status === 'found') {
      const current = form.getValues();
      if (!(current.streetTypedByHand && current.street.trim())) {
        form.setFieldValue('street', result.street);
        // A town of one postcode has no street in the answer: it is typed.
        form.setFieldValue('streetTypedByHand', !result.street);
      }
      // Issue 52: the neighbourhood, city and state come with the code (each stays editable: a neighbourhood's name
      // as the family says it may differ from the post office's).
      form.setFieldValue('neighborhood', result.neighborhood);
      form.setFieldValue('city', result.city);
      form.setFieldValue('state', result.state);
    } else if (result.status === 'unreachable') {
      form.setFieldValue('streetTypedByHand', true);
    }
  };

  const editable = streetTypedByHand;
  // The UF's two letters are how the office writes a state: no translation.
  const stateOptions = [{ value: '', label: t`Select…` }, ...brazilianStates.map((uf) => ({ value: uf, label: uf }))];
  const showDetails = Boolean(street.trim()) || streetTypedByHand;
  const zipHint =
    lookup === 'not-found'
      ? t`No address was found for this ZIP code.`
      : lookup === 'unreachable'
        ? t`The ZIP code lookup could not be reached. Type the street by hand.`
        : undefined;

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          {...form.getInputProps('zip')}
          onChange={(event) => void onZipChange(event.currentTarget.value)}
          label={t`ZIP code (CEP)`}
          description={zipHint ?? t`8 digits; the street is filled in from it.`}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={10}
          rightSection={lookup === 'looking' ? <Loader size="xs" aria-label={t`Looking up the ZIP code`} /> : null}
          data-testid="zip"
        />
      </SimpleGrid>
      <TextInput
        {...form.getInputProps('street')}
        label={t`Street`}
        readOnly={!editable}
        description={editable ? t`Typed by hand.` : t`Filled in from the ZIP code.`}
        styles={editable ? undefined : { input: { backgroundColor: 'var(--mantine-color-gray-1)' } }}
      />
      {showDetails ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput {...form.getInputProps('number')} label={t`Number`} />
          <TextInput {...form.getInputProps('complement')} label={t`Complement`} />
        </SimpleGrid>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput {...form.getInputProps('neighborhood')} label={t`Neighbourhood`} maxLength={100} data-testid="neighborhood" />
        <TextInput {...form.getInputProps('city')} label={t`City`} maxLength={100} data-testid="city" />
        <NativeSelect {...form.getInputProps('state')} label={t`State (UF)`} data={stateOptions} data-testid="state" />
      </SimpleGrid>
      {showDetails ? null : (
        <Text size="sm" c="dimmed">
          {t`Number and complement appear once the street is known.`}
        </Text>
      )}
    </Stack>
  );
}
