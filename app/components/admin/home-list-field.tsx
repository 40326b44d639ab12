import { useState } from "react";
import { HomeListEditor } from "#app/components/admin/home-list-editor";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#app/components/ui/tabs";
import { Textarea } from "#app/components/ui/textarea";
import { itemsFromJson, jsonFromItems, type ListEditorSpec, type ListItem } from "#app/modules/content/home-list-forms";

const pretty = (json: string) => JSON.stringify(JSON.parse(json), null, 2);

/**
 * A home list block's content: « Éléments » (one set of fields per item) or « JSON avancé »
 * (the raw JSON, always in the form; the server uses the items when they are posted).
 * Inside an AdminForm the items show the form's live errors; `errors` serves outside one.
 */
export function HomeListField({ spec, content, onContent, errors }: { spec: ListEditorSpec; content: string; onContent: (json: string) => void; errors?: string[] }) {
  const [items, setItems] = useState<ListItem[] | null>(() => itemsFromJson(spec, content));
  const [tab, setTab] = useState(items ? "items" : "raw");
  const [generation, setGeneration] = useState(0);
  const [notList, setNotList] = useState(false);
  function switchTo(next: string) {
    if (next === "items") {
      const parsed = itemsFromJson(spec, content);
      setNotList(!parsed);
      if (!parsed) return;
      setItems(parsed);
      setGeneration((g) => g + 1);
    }
    setTab(next);
  }
  function changeItems(next: ListItem[]) {
    setItems(next);
    onContent(pretty(jsonFromItems(spec, next)));
  }
  return (
    <Tabs value={tab} onValueChange={switchTo}>
      <TabsList className="w-auto!" aria-label="Mode d'édition">
        <TabsTrigger value="items">Éléments</TabsTrigger>
        <TabsTrigger value="raw">JSON avancé</TabsTrigger>
      </TabsList>
      {notList ? (
        <p className="mt-2 text-sm text-red-700" role="alert">
          Le JSON doit être une liste d'objets ([{"{ … }"}, …]) pour être modifié élément par élément.
        </p>
      ) : null}
      <TabsContent value="items" className="mt-2!">
        {items ? <HomeListEditor key={generation} spec={spec} items={items} onChange={changeItems} errors={errors} /> : null}
      </TabsContent>
      <TabsContent value="raw" forceMount className="mt-2! data-[state=inactive]:hidden">
        <Textarea id="content" name="content" value={content} onChange={(e) => onContent(e.target.value)} className="min-h-48! font-mono text-xs!" />
      </TabsContent>
    </Tabs>
  );
}
