"""Prints the extralarge cover URLs of the demo catalog's chart, artist by artist, album by album: the first N.

Usage: collage_urls.py BASE_URL N   (BASE_URL: a running `imgcache demo-server`, such as http://127.0.0.1:18095)
"""
import json
import sys
import urllib.parse
import urllib.request


def call(base, **parameters):
    query = urllib.parse.urlencode({**parameters, "format": "json"})
    with urllib.request.urlopen(f"{base}/2.0/?{query}", timeout=10) as answer:
        return json.load(answer)


def extralarge(images):
    return next((image["#text"] for image in images if image.get("size") == "extralarge" and image["#text"]), None)


base, wanted = sys.argv[1], int(sys.argv[2])
urls = []
for artist in call(base, method="chart.gettopartists", limit=50)["artists"]["artist"]:
    for album in call(base, method="artist.gettopalbums", artist=artist["name"])["topalbums"]["album"]:
        url = extralarge(album.get("image", []))
        if url and url not in urls:
            urls.append(url)
    if len(urls) >= wanted:
        break
print("\n".join(urls[:wanted]))
