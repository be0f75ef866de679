import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    static String toCamel(String name) {
        StringBuilder out = new StringBuilder();
        boolean first = true;
        for (String piece : name.split("_")) {
            if (piece.isEmpty()) continue;
            if (first) {
                out.append(piece.toLowerCase());
                first = false;
            } else {
                out.append(piece.substring(0, 1).toUpperCase()).append(piece.substring(1).toLowerCase());
            }
        }
        return out.toString();
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder out = new StringBuilder();
        for (String line; (line = in.readLine()) != null;) {
            String name = line.trim();
            if (!name.isEmpty()) out.append(toCamel(name)).append("\n");
        }
        System.out.print(out);
    }
}
