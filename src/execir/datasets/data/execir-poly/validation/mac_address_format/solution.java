import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    static final String HEX = "0123456789abcdefABCDEF";

    static boolean macValid(String s) {
        if (s.length() != 17) return false;
        char sep = s.charAt(2);
        if (sep != ':' && sep != '-') return false;
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (i % 3 == 2) {
                if (ch != sep) return false;
            } else if (HEX.indexOf(ch) < 0) {
                return false;
            }
        }
        return true;
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder out = new StringBuilder();
        for (String line; (line = in.readLine()) != null;) {
            if (!line.isEmpty()) out.append(macValid(line) ? "valid" : "invalid").append("\n");
        }
        System.out.print(out);
    }
}
