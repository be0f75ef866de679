import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    static String vigenere(String text, String key) {
        if (key.isEmpty()) return text;
        StringBuilder out = new StringBuilder();
        int k = 0;
        for (char ch : text.toCharArray()) {
            boolean lower = ch >= 'a' && ch <= 'z', upper = ch >= 'A' && ch <= 'Z';
            if (lower || upper) {
                int shift = key.charAt(k % key.length()) - 'a';
                char base = lower ? 'a' : 'A';
                out.append((char) (base + (ch - base + shift) % 26));
                k++;
            } else {
                out.append(ch);
            }
        }
        return out.toString();
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String key = in.readLine(), text = in.readLine();
        System.out.println(vigenere(text == null ? "" : text, key == null ? "" : key.trim()));
    }
}
