/**
 * CodeMirror extension that shows every `${stepId.path}` reference as one atomic pill
 * (editor-core 2.7): the stored text keeps the reference; the user sees "Step name · field",
 * the sample value on hover, and a red pill with the reason when the reference does not
 * resolve. The cursor and Backspace treat a pill as one character. Pasted `${…}` text becomes
 * pills by itself, because pills are derived from the text.
 */

import { type Extension, Facet, type Range, RangeSet, StateEffect, StateField } from '@codemirror/state';
import { Decoration, type DecorationSet, EditorView, WidgetType } from '@codemirror/view';
import { describeReference, parseReferences, type ReferenceSamples, type ReferenceView } from '@junction/core';

/** The samples pills resolve against; replaced with {@link setPillSamples} when they change. */
const samplesChanged = StateEffect.define<ReferenceSamples>();

/** Dispatch this to re-describe every pill (an earlier step was tested or renamed). */
export const setPillSamples = (samples: ReferenceSamples) => samplesChanged.of(samples);

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

function buildPills(text: string, samples: ReferenceSamples): DecorationSet {
  const ranges: Range<Decoration>[] = [];
  for (const ref of parseReferences(text)) {
    ranges.push(
      Decoration.replace({ widget: new PillWidget(describeReference(ref, samples)) }).range(ref.start, ref.end),
    );
  }
  return RangeSet.of(ranges, true);
}

/** The initial samples of a field (set once at creation). */
const initialSamples = Facet.define<ReferenceSamples, ReferenceSamples>({
  combine: (values) => values[0] ?? new Map(),
});

const pillState = StateField.define<{ samples: ReferenceSamples; pills: DecorationSet }>({
  create(state) {
    const samples = state.facet(initialSamples);
    return { samples, pills: buildPills(state.doc.toString(), samples) };
  },
  update(value, tr) {
    let samples = value.samples;
    for (const effect of tr.effects) if (effect.is(samplesChanged)) samples = effect.value;
    if (!tr.docChanged && samples === value.samples) return value;
    return { samples, pills: buildPills(tr.state.doc.toString(), samples) };
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

/** Pills for the references of a field, resolved against `samples`. */
export function pills(samples: ReferenceSamples): Extension {
  return [initialSamples.of(samples), pillState, pillTheme];
}
