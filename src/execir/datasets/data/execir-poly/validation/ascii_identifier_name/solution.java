import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    static boolean isLetter(char ch) {
        return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '_';
    }

    static boolean identifierValid(String name) {
        if (name.isEmpty() || !isLetter(name.charAt(0))) return false;
        for (int i = 1; i < name.length(); i++) {
            char ch = name.charAt(i);
            if (!isLetter(ch) && !(ch >= '0' && ch <= '9')) return false;
        }
        return true;
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder out = new StringBuilder();
        for (String line; (line = in.readLine()) != null;) {
            if (!line.isEmpty()) out.append(identifierValid(line) ? "valid" : "invalid").append("\n");
        }
        System.out.print(out);
    }
}
