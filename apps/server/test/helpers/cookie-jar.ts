// A browser's cookie jar, enough for app.inject: keeps what Set-Cookie says, sends it back.
export class CookieJar {
  private cookies = new Map<string, string>();

  store(setCookie: string | string[] | undefined): void {
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair = '', ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  has(namePart: string): boolean {
    return [...this.cookies.keys()].some((name) => name.includes(namePart));
  }
}
