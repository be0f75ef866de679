import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.StringJoiner;

public class Main {
    static String abbreviate(String text, int limit) {
        StringJoiner out = new StringJoiner(" ");
        for (String word : text.trim().split("\\s+")) {
            if (word.isEmpty()) continue;
            if (word.length() > limit) {
                out.add(word.charAt(0) + String.valueOf(word.length() - 2) + word.charAt(word.length() - 1));
            } else {
                out.add(word);
            }
        }
        return out.toString();
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        int limit = Integer.parseInt(in.readLine().trim());
        String text = in.readLine();
        System.out.println(abbreviate(text == null ? "" : text, limit));
    }
}
