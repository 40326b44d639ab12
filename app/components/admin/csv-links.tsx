import { Download, Upload } from "lucide-react";
import { Link, useLocation } from "react-router";
import { Button } from "#app/components/ui/button";

/** « Exporter (CSV) » (the rows of the list as filtered now) and « Importer (CSV) » of a catalogue list (ADR 029). */
export function CsvLinks({ path, children }: { path: string; children?: React.ReactNode }) {
  const { search } = useLocation();
  return (
    <div className="flex flex-wrap gap-2">
      <Button asChild variant="outline">
        <a href={`${path}/export${search}`} download>
          <Download aria-hidden="true" /> Exporter (CSV)
        </a>
      </Button>
      <Button asChild variant="outline">
        <Link to={`${path}/import`}>
          <Upload aria-hidden="true" /> Importer (CSV)
        </Link>
      </Button>
      {children}
    </div>
  );
}
