/// MusicXML documents that attack an XML reader: entity expansion, external entities, depth.
public enum HostileMusicXML {
  public static let billionLaughs: String = {
    var text = "<?xml version=\"1.0\"?>\n<!DOCTYPE score-partwise [\n<!ENTITY l0 \"ha\">\n"
    for level in 1...10 {
      let previous = String(repeating: "&l\(level - 1);", count: 10)
      text += "<!ENTITY l\(level) \"\(previous)\">\n"
    }
    return text + "]>\n<score-partwise><movement-title>&l10;</movement-title></score-partwise>\n"
  }()

  public static let externalEntity = """
    <?xml version="1.0"?>
    <!DOCTYPE score-partwise [<!ENTITY secret SYSTEM "file:///etc/hostname">]>
    <score-partwise><movement-title>&secret;</movement-title></score-partwise>
    """

  public static let externalParameterEntity = """
    <?xml version="1.0"?>
    <!DOCTYPE score-partwise [<!ENTITY % remote SYSTEM "http://127.0.0.1:9/x.dtd"> %remote;]>
    <score-partwise/>
    """

  public static let deepNesting =
    "<score-partwise>" + String(repeating: "<a>", count: 300)
    + String(repeating: "</a>", count: 300)
    + "</score-partwise>"
}
