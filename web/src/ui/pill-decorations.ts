/**
 * CodeMirror extension that shows every `${source.path}` reference of a field as one atomic
 * pill (editor-core 2.7): the stored text keeps the reference; the user sees the describer's
 * label ('Step name · field' in the editor, 'Input · Name' in the portal), the value or reason
 * on hover, and a red pill when the reference does not resolve. The cursor and Backspace treat
 * a pill as one character; pasted `${…}` text becomes pills by itself (pills are derived from
 * the text). Shared by the editor's pill fields and the portal's request fields.
 */

import { EditorState, type Extension, Facet, type Range, RangeSet, StateEffect, StateField } from '@codemirror/state';
import { Decoration, type DecorationSet, EditorView, keymap, WidgetType } from '@codemirror/view';
import { parseReferences, type Reference, type ReferenceView } from '@junction/core';

/** How a field's references read: core's describer over what the field can reference. */
export type PillDescriber = (ref: Reference) => ReferenceView;

const describerChanged = StateEffect.define<PillDescriber>();

/** Dispatch this to re-describe every pill (what the references point at changed). */
export const setPillDescriber = (describe: PillDescriber) => describerChanged.of(describe);

class PillWidget extends WidgetType {
  constructor(readonly view: ReferenceView) {
    super();
  }

  override eq(other: PillWidget): boolean {
    const a = this.view;
    const b = other.view;
    return a.raw === b.raw && a.label === b.label && a.value === b.value && a.problem === b.problem;
  }

  toDOM(): HTMLElement {
    const pill = document.createElement('span');
    const broken = this.view.problem !== undefined;
    pill.className = broken ? 'cm-pill cm-pill-broken' : 'cm-pill';
    pill.textContent = this.view.label;
    pill.setAttribute('data-reference', this.view.raw);
    const hint = broken ? this.view.problem : `${this.view.label}: ${this.view.value || '(empty)'}`;
    pill.title = hint ?? '';
    pill.setAttribute('aria-label', hint ?? this.view.label);
    return pill;
  }

  override ignoreEvent(): boolean {
    return false;
  }
}

function buildPills(text: string, describe: PillDescriber): DecorationSet {
  const ranges: Range<Decoration>[] = [];
  for (const ref of parseReferences(text)) {
    ranges.push(Decoration.replace({ widget: new PillWidget(describe(ref)) }).range(ref.start, ref.end));
  }
  return RangeSet.of(ranges, true);
}

/** The describer a field starts with (set once at creation). */
const initialDescriber = Facet.define<PillDescriber, PillDescriber | undefined>({
  combine: (values) => values[0],
});

const pillState = StateField.define<{ describe: PillDescriber; pills: DecorationSet }>({
  create(state) {
    const describe = state.facet(initialDescriber) ?? ((ref: Reference) => ({ ...ref, stepName: '', label: ref.raw }));
    return { describe, pills: buildPills(state.doc.toString(), describe) };
  },
  update(value, tr) {
    let describe = value.describe;
    for (const effect of tr.effects) if (effect.is(describerChanged)) describe = effect.value;
    if (!tr.docChanged && describe === value.describe) return value;
    return { describe, pills: buildPills(tr.state.doc.toString(), describe) };
  },
  provide: (field) => [
    EditorView.decorations.from(field, (v) => v.pills),
    EditorView.atomicRanges.of((view) => view.state.field(field).pills),
  ],
});

const pillTheme = EditorView.baseTheme({
  '.cm-pill': {
    display: 'inline-block',
    margin: '0 2px',
    padding: '0 8px',
    borderRadius: '10px',
    background: '#e0ecfd',
    color: '#0b4aa2',
    fontSize: '12px',
    lineHeight: '18px',
    whiteSpace: 'nowrap',
    maxWidth: '260px',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    verticalAlign: 'baseline',
    cursor: 'default',
  },
  '.cm-pill-broken': { background: '#fdecea', color: '#b71c1c', outline: '1px solid #f5b5ae' },
});

/** Pills for the references of a field, described by `describe`. */
export function pillDecorations(describe: PillDescriber): Extension {
  return [initialDescriber.of(describe), pillState, pillTheme];
}

/** Keeps one-line fields on one line: pasted line breaks become spaces, Enter does nothing. */
export const oneLine: Extension = [
  EditorState.transactionFilter.of((tr) => {
    if (!tr.docChanged || tr.newDoc.lines === 1) return tr;
    const text = tr.newDoc.toString().replace(/\r?\n/g, ' ');
    return { changes: { from: 0, to: tr.startState.doc.length, insert: text }, selection: { anchor: text.length } };
  }),
  keymap.of([{ key: 'Enter', run: () => true }]),
];
