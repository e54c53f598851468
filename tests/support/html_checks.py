"""What the browser tests of the HTML pages (tests/margins, tests/dashboard) check the same way:
Chromium's console lines, and a page's links (every `#anchor` names an element of the page, every
other link an absolute URL)."""

import re
from html.parser import HTMLParser
from urllib.parse import urlparse

CONSOLE = re.compile(r":CONSOLE[:(]")


class Links(HTMLParser):
    """The hrefs of a page's <a> elements and the ids of all its elements."""

    def __init__(self):
        super().__init__()
        self.links, self.ids = [], set()

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if tag == "a" and "href" in attrs:
            self.links.append(attrs["href"])


def check_links(html, schemes=("http", "https", "file")):
    """Asserts every link of `html` is well-formed; returns the parser, for more checks."""
    parser = Links()
    parser.feed(html)
    for href in parser.links:
        if href.startswith("#"):
            assert href[1:] in parser.ids, "dangling anchor %s" % href
        else:
            url = urlparse(href)
            assert url.scheme in schemes and (url.netloc or url.scheme == "file"), href
    return parser
