/**
 * A map that knows which of its keys was used least recently: a Map for the lookup and a list
 * linked through its nodes for the order, so that a use and an eviction are a few pointer moves.
 *
 * Not a Map whose insertion order is the order (a use deletes the key and sets it again, an
 * eviction takes the first key of an iterator): V8 leaves a deleted entry in the table, and in its
 * key's hash chain, until the table is rebuilt, which a big table does only every few tens of
 * thousands of changes. A key used at every request was deleted and set again each time, so its
 * chain grew by one slot a use and each use walked them (the set after the delete looks through
 * the whole chain for the key); and every eviction's iterator started at the first slot and
 * walked the holes earlier evictions left. With 50,000 entries, 24 µs a use of a hot key in a loop
 * (58 µs at 100,000), and 19 µs an eviction: the guest cache of a site whose posts were opened at
 * random made each kept page cost twice its CPU (issue 24, docs/performance.md, session 34).
 * Here the Map deletes a key only when it leaves.
 */
interface Node<K, V> {
  key: K;
  value: V;
  /** Toward the least recently used end. */
  older: Node<K, V> | null;
  /** Toward the most recently used end. */
  newer: Node<K, V> | null;
}

export class LruMap<K, V> {
  private readonly nodes = new Map<K, Node<K, V>>();
  private oldestNode: Node<K, V> | null = null;
  private newestNode: Node<K, V> | null = null;

  get size(): number {
    return this.nodes.size;
  }

  /** The value of `key` without counting it as used. */
  peek(key: K): V | undefined {
    return this.nodes.get(key)?.value;
  }

  /** The value of `key`, which becomes the most recently used. */
  use(key: K): V | undefined {
    const node = this.nodes.get(key);
    if (!node) return undefined;
    if (node !== this.newestNode) {
      this.unlink(node);
      this.linkNewest(node);
    }
    return node.value;
  }

  /** Sets `key` to `value`, the most recently used. */
  set(key: K, value: V): void {
    const node = this.nodes.get(key);
    if (node) {
      node.value = value;
      if (node !== this.newestNode) {
        this.unlink(node);
        this.linkNewest(node);
      }
      return;
    }
    const added: Node<K, V> = { key, value, older: null, newer: null };
    this.nodes.set(key, added);
    this.linkNewest(added);
  }

  delete(key: K): boolean {
    const node = this.nodes.get(key);
    if (!node) return false;
    this.nodes.delete(key);
    this.unlink(node);
    return true;
  }

  /** The least recently used key and its value. */
  oldest(): [K, V] | undefined {
    return this.oldestNode ? [this.oldestNode.key, this.oldestNode.value] : undefined;
  }

  /** The values from the least recently used to the most (deleting the current one ends the walk). */
  *values(): IterableIterator<V> {
    for (let node = this.oldestNode; node; node = node.newer) yield node.value;
  }

  clear(): void {
    this.nodes.clear();
    this.oldestNode = this.newestNode = null;
  }

  private unlink(node: Node<K, V>): void {
    if (node.older) node.older.newer = node.newer;
    else this.oldestNode = node.newer;
    if (node.newer) node.newer.older = node.older;
    else this.newestNode = node.older;
    node.older = node.newer = null;
  }

  private linkNewest(node: Node<K, V>): void {
    node.older = this.newestNode;
    if (this.newestNode) this.newestNode.newer = node;
    else this.oldestNode = node;
    this.newestNode = node;
  }
}
