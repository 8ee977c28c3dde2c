import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SubscriberFinder, subscribersFoundMessage } from "./subscriber-finder";

const SUBSCRIBERS = [
  { subscriberId: "s1", name: "Ashdown Legal" },
  { subscriberId: "s2", name: "Northgate Bank" },
];

describe("the 'Find a subscriber' search", () => {
  it("says how many subscribers match: more than shown, how many, none, nothing without a search", () => {
    expect(subscribersFoundMessage({ name: "", shown: 20, total: 120 })).toBe("Showing 20 of 120 subscribers: type more of the name to find the others.");
    expect(subscribersFoundMessage({ name: "firm", shown: 20, total: 21 })).toBe("Showing 20 of 21 subscribers: type more of the name to find the others.");
    expect(subscribersFoundMessage({ name: "ash", shown: 1, total: 1 })).toBe("1 subscriber(s) found.");
    expect(subscribersFoundMessage({ name: "zz", shown: 0, total: 0 })).toBe('No subscriber\'s name contains "zz".');
    expect(subscribersFoundMessage({ name: "", shown: 4, total: 4 })).toBeNull();
  });

  it("offers 'All subscribers' when a page may show every subscriber's, else asks for one to be chosen", () => {
    const all = renderToStaticMarkup(
      <SubscriberFinder id="users-subscriber" label="Subscriber" allLabel="All subscribers" subscribers={SUBSCRIBERS} chosenId={null} found={{ name: "", shown: 2, total: 2 }} />,
    );
    expect(all).toContain('<option value="" selected="">All subscribers</option>');
    expect(all).not.toContain("required");
    const one = renderToStaticMarkup(
      <SubscriberFinder id="new-user-subscriber" label="Subscriber the user joins" subscribers={SUBSCRIBERS} chosenId={null} found={{ name: "a", shown: 2, total: 2 }} />,
    );
    expect(one).toMatch(/<select id="new-user-subscriber" name="subscriberId" required="">/);
    expect(one).toContain('<option value="" disabled="" selected="">Choose a subscriber</option>');
    // Find searches again without asking for a subscriber first; the search box is described by the count.
    expect(one).toMatch(/<button type="submit" class="secondary" formnovalidate="">Find/);
    expect(one).toContain('aria-describedby="new-user-subscriber-found"');
    expect(one).toContain('<p id="new-user-subscriber-found" class="hint" role="status">2 subscriber(s) found.</p>');
  });
});
