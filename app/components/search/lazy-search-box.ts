// The header loads the search field with import() (./header-search.tsx), /recherche with its page: this module
// is the header's door to it, so that one module is not imported both ways (the build warns when it is).
export { SearchBox } from "./search-box";
