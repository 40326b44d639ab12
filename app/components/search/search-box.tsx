import { BookOpen, Search, ShoppingBag, Store } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Form, useNavigate } from "react-router";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { cn } from "#app/lib/utils";
import { SEARCH_MAX_LENGTH, SEARCH_MESSAGES, SUGGEST_DEBOUNCE_MS, SUGGEST_MIN_LENGTH } from "#app/modules/search/search.schema";

export interface SuggestionItem {
  kind: "query" | "brand" | "offer" | "article" | "help";
  label: string;
  href: string;
  /** a brand's or an offer's cashback ("Jusqu'à 7 % de cashback"), once launched */
  cashback?: string;
  /** « Cashback boosté : … » while that rate is boosted */
  boost?: string;
}

const KIND_LABELS: Record<SuggestionItem["kind"], string> = { query: "Recherche", brand: "Marque", offer: "Produit", article: "Article", help: "Aide" };
const KIND_ICONS = { query: Search, brand: Store, offer: ShoppingBag, article: BookOpen, help: BookOpen };

/**
 * The site's search field: a GET form to /recherche (it works before and
 * without JavaScript) and, once hydrated, an ARIA 1.2 combobox whose
 * suggestions come from /recherche/suggestions after a short pause in typing.
 * Arrow keys move through them, Enter opens the chosen one, Escape closes the list.
 */
export function SearchBox({ defaultValue = "", autoFocus = false, className }: { defaultValue?: string; autoFocus?: boolean; className?: string }) {
  const id = useId();
  const inputId = `${id}-q`;
  const listId = `${id}-list`;
  const navigate = useNavigate();
  const [value, setValue] = useState(defaultValue);
  const [items, setItems] = useState<SuggestionItem[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const request = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      request.current?.abort();
    },
    [],
  );

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const load = (text: string) => {
    clearTimeout(timer.current);
    request.current?.abort();
    if (text.trim().length < SUGGEST_MIN_LENGTH) {
      setItems([]);
      close();
      return;
    }
    timer.current = setTimeout(async () => {
      const controller = new AbortController();
      request.current = controller;
      try {
        const response = await fetch(`/recherche/suggestions?q=${encodeURIComponent(text)}`, { signal: controller.signal });
        if (!response.ok) return;
        const data = (await response.json()) as { suggestions: SuggestionItem[] };
        setItems(data.suggestions);
        setActive(-1);
        setOpen(data.suggestions.length > 0);
      } catch {
        // aborted by a newer key, or offline: the form still submits
      }
    }, SUGGEST_DEBOUNCE_MS);
  };

  const choose = (item: SuggestionItem) => {
    close();
    setValue(item.kind === "query" ? item.label : value);
    navigate(item.href);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (items.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (current === -1 && step === -1 ? items.length - 1 : (current + step + items.length) % items.length));
    } else if (event.key === "Escape") {
      if (open) {
        event.preventDefault();
        close();
      }
    } else if (event.key === "Enter" && open && active >= 0 && items[active]) {
      event.preventDefault();
      choose(items[active]);
    }
  };

  return (
    <Form method="get" action="/recherche" role="search" className={cn("relative flex gap-2", className)} onSubmit={close}>
      <div className="relative min-w-0 flex-1">
        <label htmlFor={inputId} className="sr-only">
          {SEARCH_MESSAGES.label}
        </label>
        <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-neutral-500" aria-hidden="true" />
        <Input
          id={inputId}
          type="search"
          name="q"
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            load(e.target.value);
          }}
          onKeyDown={onKeyDown}
          onBlur={close}
          onFocus={() => items.length > 0 && value.trim().length >= SUGGEST_MIN_LENGTH && setOpen(true)}
          autoFocus={autoFocus}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={SEARCH_MAX_LENGTH}
          placeholder={SEARCH_MESSAGES.placeholder}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
          className="pl-9"
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={SEARCH_MESSAGES.suggestions}
          hidden={!open}
          className="absolute inset-x-0 top-full z-50 mt-1 max-h-80 overflow-y-auto rounded-xl border border-neutral-200 bg-white p-1 shadow-lg"
        >
          {items.map((item, i) => {
            const Icon = KIND_ICONS[item.kind];
            return (
              <li
                key={`${item.kind}-${item.href}`}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                // keep the focus in the field: the click still lands
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(item)}
                className={cn("flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm", i === active ? "bg-brand-50 text-brand-800" : "hover:bg-neutral-50")}
              >
                <Icon className="size-4 shrink-0 text-neutral-500" aria-hidden="true" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate">{item.label}</span>
                  {item.cashback ? <span className="block text-xs font-semibold text-brand-700">{item.cashback}</span> : null}
                  {item.boost ? <span className="block text-xs font-semibold text-amber-800">{item.boost}</span> : null}
                </span>
                <span className="shrink-0 text-xs text-neutral-500">{KIND_LABELS[item.kind]}</span>
              </li>
            );
          })}
        </ul>
      </div>
      <Button type="submit">{SEARCH_MESSAGES.submit}</Button>
    </Form>
  );
}
