package io.github.jmeterkafka.security;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * A copy of a ready plan whose Kafka Connection has more Security fields and client properties, as
 * a user fills them in the GUI: the plans of test-plans/ then run over an OAUTHBEARER listener unchanged
 * otherwise.
 */
final class OAuthPlan {
    private static final String CONNECTION = "io.github.jmeterkafka.config.KafkaConnection";
    private static final String KEY_VALUE = "io.github.jmeterkafka.config.KeyValue";

    private OAuthPlan() {}

    /**
     * Writes {@code readyPlan} to {@code target} with {@code fields} (bean property names such as
     * {@code securityProtocol}) set on its one Kafka Connection and {@code clientProperties} added
     * to that connection's client properties table.
     */
    static Path write(Path readyPlan, Path target, Map<String, String> fields, Map<String, String> clientProperties) {
        try {
            Document doc =
                    DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(readyPlan.toFile());
            NodeList connections = doc.getElementsByTagName(CONNECTION);
            if (connections.getLength() != 1) {
                throw new IllegalArgumentException(
                        readyPlan + " has " + connections.getLength() + " Kafka Connections, not 1");
            }
            Element connection = (Element) connections.item(0);
            fields.forEach((name, value) -> stringProp(connection, name).setTextContent(value));
            Element table = table(connection, "clientProperties");
            clientProperties.forEach((key, value) -> {
                Element row = doc.createElement("elementProp");
                row.setAttribute("name", key);
                row.setAttribute("elementType", KEY_VALUE);
                row.appendChild(stringPropNode(doc, "key", key));
                row.appendChild(stringPropNode(doc, "value", value));
                table.appendChild(row);
            });
            Files.createDirectories(target.getParent());
            var transformer = TransformerFactory.newInstance().newTransformer();
            transformer.setOutputProperty(OutputKeys.ENCODING, "UTF-8");
            transformer.transform(new DOMSource(doc), new StreamResult(target.toFile()));
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (Exception e) {
            throw new IllegalStateException("Cannot rewrite " + readyPlan, e);
        }
    }

    private static Element stringProp(Element connection, String name) {
        Element prop = child(connection, "stringProp", name);
        if (prop == null) {
            prop = stringPropNode(connection.getOwnerDocument(), name, "");
            connection.insertBefore(prop, connection.getFirstChild());
        }
        return prop;
    }

    private static Element table(Element connection, String name) {
        Element table = child(connection, "collectionProp", name);
        if (table == null) {
            throw new IllegalArgumentException("No table '" + name + "' in the Kafka Connection");
        }
        return table;
    }

    private static Element child(Element parent, String tag, String name) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element
                    && tag.equals(n.getNodeName())
                    && name.equals(((Element) n).getAttribute("name"))) {
                return (Element) n;
            }
        }
        return null;
    }

    private static Element stringPropNode(Document doc, String name, String value) {
        Element e = doc.createElement("stringProp");
        e.setAttribute("name", name);
        e.setTextContent(value);
        return e;
    }
}
