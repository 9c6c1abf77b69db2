declare module "virtual:quiz/message-chunks" {
  /**
   * The client build's message chunk of each language ("/quiz/assets/messages-ja-….js"), for
   * the server to preload the page's language (client-bundle.config.ts). Empty in the browser
   * and in development.
   */
  const chunks: Partial<Record<string, string>>;
  export default chunks;
}
