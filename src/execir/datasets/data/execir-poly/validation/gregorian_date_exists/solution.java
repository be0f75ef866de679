import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    static boolean dateExists(int year, int month, int day) {
        if (year < 1 || month < 1 || month > 12 || day < 1) return false;
        boolean leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
        int limit;
        if (month == 2) limit = leap ? 29 : 28;
        else if (month == 4 || month == 6 || month == 9 || month == 11) limit = 30;
        else limit = 31;
        return day <= limit;
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder out = new StringBuilder();
        for (String line; (line = in.readLine()) != null;) {
            String[] p = line.trim().split("\\s+");
            if (p.length != 3) continue;
            boolean ok = dateExists(Integer.parseInt(p[0]), Integer.parseInt(p[1]), Integer.parseInt(p[2]));
            out.append(ok ? "valid" : "invalid").append("\n");
        }
        System.out.print(out);
    }
}
