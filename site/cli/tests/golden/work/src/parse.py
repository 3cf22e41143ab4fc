def parse(text):
    if not text:
        raise ValueError("empty")
    return text
