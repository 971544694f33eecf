// What `social post` was asked, as its declaration parses it and its run reads it.

export interface PostOptions {
  /** The post's at:// URI (a bsky.app URL already turned into one). */
  uri: string;
  /** --computed: the post's computed figures beside its keys in json and ndjson. */
  computed: boolean;
}
