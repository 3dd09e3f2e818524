/**
 * The API Configuration's value fields with references as pills (forms-dp 2.10; editor-core
 * 2.7): the URL, URL Params values and Request Body values show `${inputData.item}` as
 * 'Input · Item' and `${auth.api_key}` as 'Account · API Key' (core's `describeAppReference`
 * over the action's Form Design and the app's account form), never the raw text.
 */
import { type ActionDef, type AppDefinition, describeAppReference } from '@junction/core';
import { useMemo } from 'react';
import { FieldFrame, useFieldIds } from '../../ui/Field.js';
import type { PillDescriber } from '../../ui/pill-decorations.js';
import { PillInput } from '../../ui/PillInput.js';

/** How this action's references read (stable while the fields and the account form are). */
export function useAppPillDescriber(
  app: Pick<AppDefinition, 'authInfo'>,
  action: Pick<ActionDef, 'fields'>,
): PillDescriber {
  const { authInfo } = app;
  const { fields } = action;
  return useMemo<PillDescriber>(() => (ref) => describeAppReference(ref, { fields, authInfo }), [fields, authInfo]);
}

/** A labelled one-line field with pills (the request's URL). */
export function PillTextField({
  label,
  hint,
  value,
  placeholder,
  describe,
  onChange,
}: {
  label: string;
  hint?: string;
  value: string;
  placeholder?: string;
  describe: PillDescriber;
  onChange: (value: string) => void;
}) {
  const ids = useFieldIds({ hint });
  return (
    <FieldFrame label={label} ids={ids} hint={hint}>
      <PillInput
        label={label}
        describedBy={ids.hintId}
        value={value}
        placeholder={placeholder}
        describe={describe}
        onChange={onChange}
      />
    </FieldFrame>
  );
}

/** A key/value row's value with pills (KeyValueRows' `renderValue`). */
export function pillValue(describe: PillDescriber) {
  return ({ value, label, onChange }: { value: string; label: string; onChange: (value: string) => void }) => (
    <PillInput label={label} value={value} describe={describe} onChange={onChange} />
  );
}
