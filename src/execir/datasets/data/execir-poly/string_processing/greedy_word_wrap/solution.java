import java.util.ArrayList;
import java.util.List;

public class Main {
    static List<String> wrap(String[] words, int from, int width) {
        List<String> lines = new ArrayList<>();
        String current = "";
        for (int i = from; i < words.length; i++) {
            String word = words[i];
            if (current.isEmpty()) {
                current = word;
            } else if (current.length() + 1 + word.length() <= width) {
                current = current + " " + word;
            } else {
                lines.add(current);
                current = word;
            }
        }
        if (!current.isEmpty()) lines.add(current);
        return lines;
    }

    public static void main(String[] args) throws Exception {
        String[] tok = new String(System.in.readAllBytes()).trim().split("\\s+");
        System.out.println(String.join("\n", wrap(tok, 1, Integer.parseInt(tok[0]))));
    }
}
