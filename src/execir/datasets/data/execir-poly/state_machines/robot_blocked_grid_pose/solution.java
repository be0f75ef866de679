import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.HashSet;
import java.util.Set;

public class Main {
    static String finalPose(String commands, Set<String> blocked) {
        int[] dx = {0, 1, 0, -1}, dy = {1, 0, -1, 0};
        int x = 0, y = 0, h = 0;
        for (char c : commands.toCharArray()) {
            if (c == 'L') {
                h = (h + 3) % 4;
            } else if (c == 'R') {
                h = (h + 1) % 4;
            } else if (c == 'F' && !blocked.contains((x + dx[h]) + " " + (y + dy[h]))) {
                x += dx[h];
                y += dy[h];
            }
        }
        return x + " " + y + " " + "NESW".charAt(h);
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String commands = in.readLine();
        Set<String> blocked = new HashSet<>();
        for (String line; (line = in.readLine()) != null;) {
            String[] p = line.trim().split("\\s+");
            if (p.length == 2) blocked.add(Integer.parseInt(p[0]) + " " + Integer.parseInt(p[1]));
        }
        System.out.println(finalPose(commands == null ? "" : commands, blocked));
    }
}
