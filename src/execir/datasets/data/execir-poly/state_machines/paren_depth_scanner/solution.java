import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    static int maxDepth(String text) {
        int depth = 0, deepest = 0;
        for (char ch : text.toCharArray()) {
            if (ch == '(') {
                depth++;
                if (depth > deepest) deepest = depth;
            } else if (ch == ')') {
                depth--;
                if (depth < 0) return -1;
            }
        }
        return depth == 0 ? deepest : -1;
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder out = new StringBuilder();
        for (String line; (line = in.readLine()) != null;) {
            if (!line.trim().isEmpty()) out.append(maxDepth(line)).append("\n");
        }
        System.out.print(out);
    }
}
