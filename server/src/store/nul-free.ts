/**
 * Text columns without U+0000, on both databases. PostgreSQL's `text` refuses the NUL
 * character ("invalid byte sequence for encoding UTF8: 0x00": a 500 for a workflow, account,
 * workspace, credential, form, app or ticket named with one) while SQLite stores it; so that
 * both behave alike, every string a query sends loses its NUL characters, on both databases.
 * JSON columns are not affected: `store/json.ts` writes them as JSON text, where a NUL is the
 * escape `\u0000` (and PostgreSQL's jsonb gets the encoded form), so their values stay exact.
 */
import {
  type KyselyPlugin,
  OperationNodeTransformer,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  ValueNode,
} from 'kysely';

// biome-ignore lint/suspicious/noControlCharactersInRegex: U+0000 is what is removed.
const NUL = /\u0000/g;

/**
 * The text as a text column keeps it: without U+0000.
 *
 * @example withoutNul('a\u0000b') // 'ab'
 */
export function withoutNul(text: string): string {
  return text.includes('\u0000') ? text.replace(NUL, '') : text;
}

const clean = (value: unknown): unknown => (typeof value === 'string' ? withoutNul(value) : value);

class NulFreeTransformer extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    const value = clean(node.value);
    if (value === node.value) return super.transformValue(node);
    return node.immediate ? ValueNode.createImmediate(value) : ValueNode.create(value);
  }

  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    if (!node.values.some((v) => typeof v === 'string' && v.includes('\u0000'))) {
      return super.transformPrimitiveValueList(node);
    }
    return PrimitiveValueListNode.create(node.values.map(clean));
  }
}

/** The Kysely plugin both databases are opened with. */
export class NulFreeTextPlugin implements KyselyPlugin {
  readonly #transformer = new NulFreeTransformer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
