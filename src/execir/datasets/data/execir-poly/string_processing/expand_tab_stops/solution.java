import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    static String expandTabs(String line, int tabsize) {
        StringBuilder out = new StringBuilder();
        int col = 0;
        for (char ch : line.toCharArray()) {
            if (ch == '\t') {
                int spaces = tabsize - (col % tabsize);
                out.append(" ".repeat(spaces));
                col += spaces;
            } else {
                out.append(ch);
                col++;
            }
        }
        return out.toString();
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        int tabsize = Integer.parseInt(in.readLine().trim());
        StringBuilder out = new StringBuilder();
        for (String line; (line = in.readLine()) != null;) {
            out.append(expandTabs(line, tabsize)).append("\n");
        }
        System.out.print(out);
    }
}
