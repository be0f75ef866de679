import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    static final String[] GROUPS = {"bfpv", "cgjkqsxz", "dt", "l", "mn", "r"};

    static char codeOf(char ch) {
        for (int i = 0; i < GROUPS.length; i++) {
            if (GROUPS[i].indexOf(ch) >= 0) return (char) ('1' + i);
        }
        return 0;
    }

    static String soundex(String word) {
        String w = word.toLowerCase();
        StringBuilder out = new StringBuilder().append(Character.toUpperCase(w.charAt(0)));
        char prev = codeOf(w.charAt(0));
        for (int i = 1; i < w.length(); i++) {
            char ch = w.charAt(i), digit = codeOf(ch);
            if (digit != 0 && digit != prev) out.append(digit);
            if (ch != 'h' && ch != 'w') prev = digit;
        }
        return (out + "000").substring(0, 4);
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder out = new StringBuilder();
        for (String line; (line = in.readLine()) != null;) {
            if (!line.trim().isEmpty()) out.append(soundex(line.trim())).append("\n");
        }
        System.out.print(out);
    }
}
