#include <iostream>
#include <vector>

std::vector<int> spiral(const std::vector<std::vector<int>>& m, int rows, int cols) {
    std::vector<int> out;
    int top = 0, bottom = rows - 1, left = 0, right = cols - 1;
    while (top <= bottom && left <= right) {
        for (int c = left; c <= right; c++) out.push_back(m[top][c]);
        for (int r = top + 1; r <= bottom; r++) out.push_back(m[r][right]);
        if (top < bottom)
            for (int c = right - 1; c >= left; c--) out.push_back(m[bottom][c]);
        if (left < right)
            for (int r = bottom - 1; r > top; r--) out.push_back(m[r][left]);
        top++, bottom--, left++, right--;
    }
    return out;
}

int main() {
    int rows, cols;
    std::cin >> rows >> cols;
    std::vector<std::vector<int>> m(rows, std::vector<int>(cols));
    for (auto& row : m) for (auto& v : row) std::cin >> v;
    std::vector<int> out = spiral(m, rows, cols);
    for (size_t i = 0; i < out.size(); i++) std::cout << (i ? " " : "") << out[i];
    std::cout << "\n";
    return 0;
}
