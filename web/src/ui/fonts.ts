// Inter, bundled (forms and screenshots look the same on every machine): the regular, medium,
// semibold and bold weights the type scale uses. Each file covers its unicode-range subsets, so
// a browser downloads only the subsets a page shows; imported by the app's and the gallery's entry.
import '@fontsource/inter/400.css';
import '@fontsource/inter/500.css';
import '@fontsource/inter/600.css';
import '@fontsource/inter/700.css';
