import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    static final String HEX = "0123456789abcdefABCDEF";

    static boolean hexColourValid(String s) {
        if (s.length() != 4 && s.length() != 7) return false;
        if (s.charAt(0) != '#') return false;
        for (int i = 1; i < s.length(); i++) {
            if (HEX.indexOf(s.charAt(i)) < 0) return false;
        }
        return true;
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder out = new StringBuilder();
        for (String line; (line = in.readLine()) != null;) {
            if (!line.isEmpty()) out.append(hexColourValid(line) ? "valid" : "invalid").append("\n");
        }
        System.out.print(out);
    }
}
