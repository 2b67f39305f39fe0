/** The head of a screen's HTML: its own title, description, canonical URL and preview tags (page-head.ts). */
export interface Head {
  title: string;
  description: string;
  /** Path of the canonical URL. */
  path: string;
  type: 'article' | 'website';
  /** Path of an image a guest may fetch. */
  image?: string;
}
