import { useEffect, useMemo, useState } from 'react';
import { Select, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MessagePerson } from '@armature/domain';
import { messageQueries } from './messages.queries.ts';

/** How long typing pauses before the server is asked for matching people. */
const SEARCH_DELAY_MS = 250;

function useDebounced(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/**
 * The recipients of a message: people the server says the writer may reach (`/api/messages/recipients`,
 * searched as one types), plus those already chosen (a reply's sender may be someone the search would
 * not offer, such as the maker's staff), so a chosen person keeps their name.
 */
export function RecipientPicker({
  value,
  onChange,
  known,
  id,
}: {
  value?: string[];
  onChange?: (ids: string[]) => void;
  known: readonly MessagePerson[];
  id?: string;
}) {
  const { t } = useTranslation('messages');
  const [typed, setTyped] = useState('');
  const search = useDebounced(typed);
  const found = useQuery({ ...messageQueries.recipients(search), placeholderData: keepPreviousData });
  // The people chosen so far, so a chosen person keeps their label when a new search no longer offers them.
  const [chosen, setChosen] = useState<ReadonlyMap<string, MessagePerson>>(
    () => new Map(known.map((person) => [person.id, person])),
  );
  const options = useMemo(() => {
    const offered = new Map((found.data ?? []).map((person) => [person.id, person]));
    for (const id of value ?? []) {
      const person = chosen.get(id);
      if (person && !offered.has(id)) offered.set(id, { clientName: null, ...person });
    }
    return [...offered.values()].map((person) => ({
      value: person.id,
      label: `${person.name} (${person.userName})`,
      person,
    }));
  }, [found.data, chosen, value]);
  return (
    <Select
      id={id}
      mode="multiple"
      data-testid="compose-recipients"
      placeholder={t('compose.recipientsPlaceholder')}
      value={value}
      onChange={(ids: string[]) => {
        const people = new Map(options.map((option) => [option.value, option.person]));
        setChosen(
          new Map(
            ids.flatMap((id) => {
              const person = people.get(id);
              return person ? [[id, person] as const] : [];
            }),
          ),
        );
        onChange?.(ids);
      }}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={found.isFetching}
      notFoundContent={found.isFetching ? undefined : t('compose.noRecipients')}
      options={options}
      optionRender={({ data }) => (
        <span data-testid={`recipient-option-${data.person.userName}`}>
          {data.label}
          {data.person.clientName && <Typography.Text type="secondary"> · {data.person.clientName}</Typography.Text>}
        </span>
      )}
      style={{ width: '100%' }}
    />
  );
}
