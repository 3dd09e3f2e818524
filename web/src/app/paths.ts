// Paths every entry may need without the router (route-table.ts needs react-router's matcher;
// the public form entry must not load it).

/** The path unknown addresses are sent to. */
export const NOT_FOUND_PATH = '/404';
